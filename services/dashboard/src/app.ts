import { ErrorCode } from '@shm/contracts';
import { AppError, createServiceApp, type AppDeps, type ServiceApp } from '@shm/platform';
import type { DashboardFlag } from './domain/ports';
import type { DashboardDomain } from './domain/deps';
import { portfolioRoutes } from './entry-points/http/portfolio.routes';
import { profilesRoutes } from './entry-points/http/profiles.routes';
import { scenariosRoutes } from './entry-points/http/scenarios.routes';
import { INTERNAL_PREFIX, watcherRoutes } from './entry-points/http/watchers.routes';

export interface DashboardAppDeps extends AppDeps {
  /** The personalizedDashboard flag (followed from `flags.changed`): every API route answers 403 while it is off. */
  flag: DashboardFlag;
  /** Checks the alerts service's token on the internal routes (and the gateway's identity header). */
  internalSecret: string;
}

/** The dashboard's HTTP surface only; compose.ts builds what it calls. */
export function createApp(domain: DashboardDomain, deps: DashboardAppDeps): ServiceApp {
  return createServiceApp({
    ...deps,
    name: 'dashboard',
    routes: [...profilesRoutes(domain), ...portfolioRoutes(domain), ...scenariosRoutes(domain), ...watcherRoutes(domain, deps.internalSecret)],
    // The internal routes serve the alerts service whatever the flag: node changes are recorded while it is off, as before.
    guard: (route) => {
      if (route.path.startsWith(INTERNAL_PREFIX)) return;
      if (!deps.flag.isOn()) throw new AppError(ErrorCode.FEATURE_DISABLED, 403, 'The personalised dashboard is turned off');
    },
    unavailable: 'The dashboard is unavailable right now; try again shortly',
  });
}
