import { createServiceApp, type AppDeps, type ServiceApp } from '@shm/platform';
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

/** Calc's HTTP surface only; compose.ts builds what it calls. */
export function createApp(useCases: CalcUseCases, deps: AppDeps): ServiceApp {
  return createServiceApp({ ...deps, name: 'calc', routes: [...calculationRoutes(useCases.access), ...liveDefaultsRoutes(useCases.liveDefaults)] });
}
