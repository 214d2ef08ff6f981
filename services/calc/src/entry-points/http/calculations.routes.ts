import { calcContract } from '@shm/contracts';
import { handler, type RouteHandler } from '@shm/platform';
import type { AccessPolicy } from '../../domain/access-policy';
import { calculateEconomics } from '../../domain/calculate-economics';
import { projectEarnings } from '../../domain/project-earnings';

/** The two calculations, for whoever the payment gate lets through (the wallet named, the wallet proven). */
export function calculationRoutes(access: AccessPolicy): RouteHandler[] {
  return [
    handler(calcContract.economics, async ({ body: { params, walletAddress }, wallet }) => {
      await access.assertMayCalculate({ claimedWallet: walletAddress, verifiedWallet: wallet });
      return { results: calculateEconomics(params) };
    }),
    handler(calcContract.projections, async ({ body: { params, walletAddress }, wallet }) => {
      await access.assertMayCalculate({ claimedWallet: walletAddress, verifiedWallet: wallet });
      return { results: projectEarnings(params) };
    }),
  ];
}
