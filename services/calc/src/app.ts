import { DEV_INTERNAL_SECRET, createMetrics, createServiceApp, type Logger, type Metrics, type ReadinessCheck, type ServiceApp } from '@shm/platform';
import { openAccess, type AccessPolicy } from './domain/access-policy';
import { calculationRoutes } from './entry-points/http/calculations.routes';
import { liveDefaultsState, type LiveDefaultsState } from './domain/live-defaults';
import { liveDefaultsRoutes } from './entry-points/http/live-defaults.routes';

export interface CalcDeps {
  logger: Logger;
  /** The process's metrics (a registry of its own when not given). */
  metrics?: Metrics;
  access?: AccessPolicy;
  /** Checks the gateway's identity header (env INTERNAL_SECRET). */
  internalSecret?: string;
  readiness?: Record<string, ReadinessCheck>;
  /** The newest network snapshot as calculator defaults (fed by `network.updated` events). */
  liveDefaults?: LiveDefaultsState;
  isShuttingDown?: () => boolean;
}

export function createApp(deps: CalcDeps): ServiceApp {
  const jsonRoutes = calculationRoutes(deps.access ?? openAccess, deps.internalSecret ?? DEV_INTERNAL_SECRET);
  const metrics = deps.metrics ?? createMetrics('calc');
  return createServiceApp({ logger: deps.logger, metrics, readiness: deps.readiness, isShuttingDown: deps.isShuttingDown, jsonRoutes }, (app) => {
    app.use(liveDefaultsRoutes(deps.liveDefaults ?? liveDefaultsState()));
  });
}
