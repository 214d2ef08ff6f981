import { Router, type Request } from 'express';
import { EconomicsRequestSchema, ProjectionRequestSchema, type EconomicsReply, type ProjectionReply } from '@shm/contracts';
import { identityOf, parseWith } from '@shm/platform';
import type { AccessPolicy, Caller } from '../../domain/access-policy';
import { calculateEconomics } from '../../domain/calculate-economics';
import { projectEarnings } from '../../domain/project-earnings';

export function calculationsRoutes(access: AccessPolicy, internalSecret: string): Router {
  const router = Router();
  // The wallet a caller proved to the gateway; a hand-written identity header is no identity.
  const callerOf = (req: Request, claimedWallet: string): Caller => ({
    claimedWallet,
    verifiedWallet: identityOf(req, internalSecret)?.wallet,
  });

  router.post('/api/calculations/economics', async (req, res) => {
    const { params, walletAddress } = parseWith(EconomicsRequestSchema, req.body);
    await access.assertMayCalculate(callerOf(req, walletAddress));
    // The engine's output is typed by the contract; tests check replies against the schema, not each request.
    res.json({ results: calculateEconomics(params) } satisfies EconomicsReply);
  });

  router.post('/api/calculations/projections', async (req, res) => {
    const { params, walletAddress } = parseWith(ProjectionRequestSchema, req.body);
    await access.assertMayCalculate(callerOf(req, walletAddress));
    res.json({ results: projectEarnings(params) } satisfies ProjectionReply);
  });

  return router;
}
