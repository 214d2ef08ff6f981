import { mountRoute } from '@shm/platform';
import { Router } from 'express';
import { calcContract } from '@shm/contracts';
import type { LiveDefaultsState } from '../../domain/live-defaults';

/** GET /api/calculations/live-defaults: what the latest network snapshot suggests for the form. */
export function liveDefaultsRoutes(state: LiveDefaultsState): Router {
  const router = Router();
  mountRoute(router, calcContract.liveDefaults, (_req, res) => {
    res.json(calcContract.liveDefaults.reply.parse(state.current()));
  });
  return router;
}
