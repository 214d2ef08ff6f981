import { ErrorCode, dashboardInternalContract } from '@shm/contracts';
import { AppError, handler, identityOf, type RouteHandler } from '@shm/platform';
import type { DashboardDomain } from '../../domain/deps';

/** Paths no proxy routes (only /api is): service-to-service calls. */
export const INTERNAL_PREFIX = '/internal/';

/**
 * POST /internal/dashboard/watchers: the portfolio entries, of any wallet, linking the keys asked,
 * for the alerts service (docs/alerts.md, "Who is told"). Which wallet watches which node is private,
 * so besides being unreachable through the gateway the route wants a service's token signed with
 * INTERNAL_SECRET (one naming no wallet).
 */
export const watcherRoutes = (domain: DashboardDomain, internalSecret: string): RouteHandler[] => [
  handler(dashboardInternalContract.watchers, async ({ body: { publicKeys }, req }) => {
    // A service's token names no wallet and no admin (a wallet's, signed by the gateway for another route, is refused too).
    const caller = identityOf(req, internalSecret);
    if (!caller || caller.wallet || caller.admin) throw new AppError(ErrorCode.UNAUTHORIZED, 401, 'Only a service holding the internal secret may ask');
    return { success: true, watchers: await domain.portfolio.linkedTo(publicKeys) };
  }),
];
