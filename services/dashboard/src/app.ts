import { createMetrics, createServiceApp, unavailableErrors, type Logger, type Metrics, type ReadinessCheck, type ServiceApp } from '@shm/platform';
import type { DashboardFlag } from './domain/ports';
import type { DashboardUseCases } from './domain/use-cases';
import { alertsRoutes } from './entry-points/http/alerts.routes';
import { portfolioRoutes } from './entry-points/http/portfolio.routes';
import { profilesRoutes } from './entry-points/http/profiles.routes';
import { scenariosRoutes } from './entry-points/http/scenarios.routes';

export interface DashboardAppDeps {
  logger: Logger;
  /** The process's metrics (a registry of its own when not given). */
  metrics?: Metrics;
  useCases: DashboardUseCases;
  /** The personalizedDashboard flag (followed from `flags.changed`). */
  flag: DashboardFlag;
  /** Checks the gateway's identity header (env INTERNAL_SECRET). */
  internalSecret: string;
  readiness?: Record<string, ReadinessCheck>;
  isShuttingDown?: () => boolean;
}

export function createApp(deps: DashboardAppDeps): ServiceApp {
  const check = { flag: deps.flag, secret: deps.internalSecret };
  const metrics = deps.metrics ?? createMetrics('dashboard');
  return createServiceApp({ logger: deps.logger, metrics, readiness: deps.readiness, isShuttingDown: deps.isShuttingDown }, (app) => {
    app.use(profilesRoutes(deps.useCases, check));
    app.use(portfolioRoutes(deps.useCases, check));
    app.use(scenariosRoutes(deps.useCases, check));
    app.use(alertsRoutes(deps.useCases, check));
    app.use(unavailableErrors('The dashboard is unavailable right now; try again shortly'));
  });
}
