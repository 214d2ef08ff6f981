import { dashboardContract } from '@shm/contracts';
import { handler, type RouteHandler } from '@shm/platform';
import { createDestination, deleteDestination, listAlerts, testDestination } from '../../domain/alerts';
import type { AlertsDomain } from '../../domain/deps';

/** Alert destinations of the signed-in wallet, its notifications and deliveries, and a test send. */
export const alertsRoutes = (domain: AlertsDomain): RouteHandler[] => [
  handler(dashboardContract.alerts, async ({ wallet }) => ({ success: true, ...(await listAlerts(domain, wallet)) })),
  handler(dashboardContract.createDestination, async ({ wallet, body: { walletAddress: _named, ...input } }) => ({
    success: true,
    destination: await createDestination(domain, wallet, input),
  })),
  handler(dashboardContract.deleteDestination, async ({ wallet, params: { id } }) => {
    await deleteDestination(domain, wallet, id);
    return { success: true, deletedId: id };
  }),
  handler(dashboardContract.testDestination, async ({ wallet, params: { id } }) => ({ success: true, delivery: await testDestination(domain, wallet, id) })),
];
