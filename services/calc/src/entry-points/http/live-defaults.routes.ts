import { Router } from 'express';
import { LiveDefaultsReplySchema } from '@shm/contracts';
import type { LiveDefaultsState } from '../../domain/live-defaults';

/** GET /api/calculations/live-defaults: what the latest network snapshot suggests for the form. */
export function liveDefaultsRoutes(state: LiveDefaultsState): Router {
  const router = Router();
  router.get('/api/calculations/live-defaults', (_req, res) => {
    res.json(LiveDefaultsReplySchema.parse(state.current()));
  });
  return router;
}
