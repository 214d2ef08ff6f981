import { DEV_INTERNAL_SECRET, createServiceApp, type Logger, type ReadinessCheck, type ServiceApp } from '@shm/platform';
import { openAccess, type AccessPolicy } from './domain/access-policy';
import { calculationRoutes } from './entry-points/http/calculations.routes';
import { liveDefaultsState, type LiveDefaultsState } from './domain/live-defaults';
import { liveDefaultsRoutes } from './entry-points/http/live-defaults.routes';

export interface CalcDeps {
  logger: Logger;
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
  return createServiceApp({ logger: deps.logger, readiness: deps.readiness, isShuttingDown: deps.isShuttingDown, jsonRoutes }, (app) => {
    app.use(liveDefaultsRoutes(deps.liveDefaults ?? liveDefaultsState()));
  });
}
