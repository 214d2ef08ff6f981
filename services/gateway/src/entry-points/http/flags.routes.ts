import { Router } from 'express';
import { FeatureFlagsReplySchema } from '@shm/contracts';
import type { FeatureFlagsService } from '../../domain/feature-flags';

export function flagsRoutes(flags: FeatureFlagsService): Router {
  const router = Router();
  router.get('/api/feature-flags', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(FeatureFlagsReplySchema.parse({ success: true, flags: await flags.read() }));
  });
  return router;
}
