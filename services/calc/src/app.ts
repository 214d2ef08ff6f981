import type { Express } from 'express';
import { DEV_INTERNAL_SECRET, createServiceApp, type Logger, type ReadinessCheck } from '@shm/platform';
import { openAccess, type AccessPolicy } from './domain/access-policy';
import { calculationsRoutes } from './entry-points/http/calculations.routes';
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

export function createApp(deps: CalcDeps): Express {
  return createServiceApp({ logger: deps.logger, readiness: deps.readiness, isShuttingDown: deps.isShuttingDown }, (app) => {
    app.use(liveDefaultsRoutes(deps.liveDefaults ?? liveDefaultsState()));
    app.use(calculationsRoutes(deps.access ?? openAccess, deps.internalSecret ?? DEV_INTERNAL_SECRET));
  });
}
