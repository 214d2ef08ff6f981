import { Router } from 'express';
import {
  EconomicsReplySchema,
  EconomicsRequestSchema,
  ProjectionReplySchema,
  ProjectionRequestSchema,
} from '@shm/contracts';
import { parseWith } from '@shm/platform';
import type { AccessPolicy } from '../../domain/access-policy';
import { calculateEconomics } from '../../domain/calculate-economics';
import { projectEarnings } from '../../domain/project-earnings';

export function calculationsRoutes(access: AccessPolicy): Router {
  const router = Router();

  router.post('/api/calculations/economics', async (req, res) => {
    const { params, walletAddress } = parseWith(EconomicsRequestSchema, req.body);
    await access.assertMayCalculate(walletAddress);
    res.json(EconomicsReplySchema.parse({ results: calculateEconomics(params) }));
  });

  router.post('/api/calculations/projections', async (req, res) => {
    const { params, walletAddress } = parseWith(ProjectionRequestSchema, req.body);
    await access.assertMayCalculate(walletAddress);
    res.json(ProjectionReplySchema.parse({ results: projectEarnings(params) }));
  });

  return router;
}
