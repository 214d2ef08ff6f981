import { calcContract } from '@shm/contracts';
import { handler, type RouteHandler } from '@shm/platform';
import type { LiveDefaultsState } from '../../domain/live-defaults';

/** GET /api/calculations/live-defaults: what the latest network snapshot suggests for the form. */
export const liveDefaultsRoutes = (state: LiveDefaultsState): RouteHandler[] => [handler(calcContract.liveDefaults, () => state.current())];
