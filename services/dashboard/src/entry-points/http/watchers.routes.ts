import { ErrorCode, dashboardInternalContract } from '@shm/contracts';
import { AppError, handler, identityOf, type RouteHandler } from '@shm/platform';
import type { DashboardDomain } from '../../domain/deps';

/** Paths no proxy routes (only /api is): service-to-service calls. */
export const INTERNAL_PREFIX = '/internal/';

/**
 * POST /internal/dashboard/watchers: the portfolio entries, of any wallet, linking the keys asked,
 * for the alerts service (docs/alerts.md, "Who is told"). Which wallet watches which node is private,
 * so besides being unreachable through the gateway the route wants a token signed with INTERNAL_SECRET.
 */
export const watcherRoutes = (domain: DashboardDomain, internalSecret: string): RouteHandler[] => [
  handler(dashboardInternalContract.watchers, async ({ body: { publicKeys }, req }) => {
    if (!identityOf(req, internalSecret)) throw new AppError(ErrorCode.UNAUTHORIZED, 401, 'Only a service holding the internal secret may ask');
    return { success: true, watchers: await domain.portfolio.linkedTo(publicKeys) };
  }),
];
