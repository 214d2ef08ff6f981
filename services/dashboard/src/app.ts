import { ErrorCode } from '@shm/contracts';
import { AppError, createServiceApp, type AppDeps, type ServiceApp } from '@shm/platform';
import type { DashboardFlag } from './domain/ports';
import type { DashboardDomain } from './domain/deps';
import { alertsRoutes } from './entry-points/http/alerts.routes';
import { portfolioRoutes } from './entry-points/http/portfolio.routes';
import { profilesRoutes } from './entry-points/http/profiles.routes';
import { scenariosRoutes } from './entry-points/http/scenarios.routes';

export interface DashboardAppDeps extends AppDeps {
  /** The personalizedDashboard flag (followed from `flags.changed`): every route answers 403 while it is off. */
  flag: DashboardFlag;
}

/** The dashboard's HTTP surface only; compose.ts builds what it calls. */
export function createApp(domain: DashboardDomain, deps: DashboardAppDeps): ServiceApp {
  return createServiceApp({
    ...deps,
    name: 'dashboard',
    routes: [...profilesRoutes(domain), ...portfolioRoutes(domain), ...scenariosRoutes(domain), ...alertsRoutes(domain)],
    guard: () => {
      if (!deps.flag.isOn()) throw new AppError(ErrorCode.FEATURE_DISABLED, 403, 'The personalised dashboard is turned off');
    },
    unavailable: 'The dashboard is unavailable right now; try again shortly',
  });
}
