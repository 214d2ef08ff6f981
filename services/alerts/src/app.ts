import { ErrorCode } from '@shm/contracts';
import { AppError, createServiceApp, type AppDeps, type ServiceApp } from '@shm/platform';
import type { AlertsDomain } from './domain/deps';
import type { AlertsFlag } from './domain/ports';
import { alertsRoutes } from './entry-points/http/alerts.routes';

export interface AlertsAppDeps extends AppDeps {
  /** The personalizedDashboard flag (followed from `flags.changed`): every route answers 403 while it is off, as the dashboard's do. */
  flag: AlertsFlag;
}

/** The alert routes only (under /api/dashboard/alerts, where the gateway sends them); compose.ts builds what they call. */
export function createApp(domain: AlertsDomain, deps: AlertsAppDeps): ServiceApp {
  return createServiceApp({
    ...deps,
    name: 'alerts',
    routes: alertsRoutes(domain),
    guard: () => {
      if (!deps.flag.isOn()) throw new AppError(ErrorCode.FEATURE_DISABLED, 403, 'The personalised dashboard is turned off');
    },
    unavailable: 'Alerts are unavailable right now; try again shortly',
  });
}
