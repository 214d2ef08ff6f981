import { mountRoute } from '@shm/platform';
import { Router } from 'express';
import { flagsContract } from '@shm/contracts';
import type { FeatureFlagsService } from '../../domain/feature-flags';

export function flagsRoutes(flags: FeatureFlagsService): Router {
  const router = Router();
  mountRoute(router, flagsContract.read, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(flagsContract.read.reply.parse({ success: true, flags: await flags.read() }));
  });
  return router;
}
