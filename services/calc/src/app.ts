import { createMetrics, createServiceApp, type Logger, type Metrics, type ReadinessCheck, type ServiceApp } from '@shm/platform';
import type { AccessPolicy } from './domain/access-policy';
import type { LiveDefaultsState } from './domain/live-defaults';
import { calculationRoutes } from './entry-points/http/calculations.routes';
import { liveDefaultsRoutes } from './entry-points/http/live-defaults.routes';

/** What calc's routes call: the engine is pure, so only the access decision and the live defaults are state. */
export interface CalcUseCases {
  /** Who may calculate (the payment gate); `openAccess` for everyone. */
  access: AccessPolicy;
  /** The newest network snapshot as calculator defaults (fed by `network.updated` events). */
  liveDefaults: LiveDefaultsState;
}

export interface CalcAppDeps {
  logger: Logger;
  /** The process's metrics (a registry of its own when not given). */
  metrics?: Metrics;
  /** Checks the gateway's identity header (env INTERNAL_SECRET); always stated, never a default. */
  internalSecret: string;
  readiness?: Record<string, ReadinessCheck>;
  isShuttingDown?: () => boolean;
}

/** Calc's HTTP surface only; compose.ts builds what it calls. */
export function createApp(useCases: CalcUseCases, deps: CalcAppDeps): ServiceApp {
  const jsonRoutes = calculationRoutes(useCases.access, deps.internalSecret);
  const metrics = deps.metrics ?? createMetrics('calc');
  return createServiceApp({ logger: deps.logger, metrics, readiness: deps.readiness, isShuttingDown: deps.isShuttingDown, jsonRoutes }, (app) => {
    app.use(liveDefaultsRoutes(useCases.liveDefaults));
  });
}
