import { dashboardContract } from '@shm/contracts';
import { handler, type RouteHandler } from '@shm/platform';
import { createDestination, deleteDestination, listAlerts, rotateDestinationSecret, testDestination } from '../../domain/alerts';
import type { AlertsDomain } from '../../domain/deps';

/** Alert destinations of the signed-in wallet, its notifications and deliveries, a test send and a webhook's secret rotated. */
export const alertsRoutes = (domain: AlertsDomain): RouteHandler[] => [
  handler(dashboardContract.alerts, async ({ wallet }) => ({ success: true, ...(await listAlerts(domain, wallet)) })),
  handler(dashboardContract.createDestination, async ({ wallet, body: { walletAddress: _named, ...input } }) => ({
    success: true,
    ...(await createDestination(domain, wallet, input)),
  })),
  handler(dashboardContract.deleteDestination, async ({ wallet, params: { id } }) => {
    await deleteDestination(domain, wallet, id);
    return { success: true, deletedId: id };
  }),
  handler(dashboardContract.testDestination, async ({ wallet, params: { id } }) => ({ success: true, delivery: await testDestination(domain, wallet, id) })),
  handler(dashboardContract.rotateDestinationSecret, async ({ wallet, params: { id } }) => ({
    success: true,
    destinationId: id,
    secret: await rotateDestinationSecret(domain, wallet, id),
  })),
];
