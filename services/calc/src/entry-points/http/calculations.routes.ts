import type { IncomingMessage } from 'node:http';
import { calcContract, type EconomicsReply, type ProjectionReply } from '@shm/contracts';
import { identityOf, parseWith, type JsonRoute } from '@shm/platform';
import type { AccessPolicy, Caller } from '../../domain/access-policy';
import { calculateEconomics } from '../../domain/calculate-economics';
import { projectEarnings } from '../../domain/project-earnings';

/**
 * The two calculations, on the lean JSON path (they are most of the traffic). The engine's output
 * is typed by the contract; tests check replies against the schema, not every request.
 */
export function calculationRoutes(access: AccessPolicy, internalSecret: string): JsonRoute[] {
  // The wallet a caller proved to the gateway; a hand-written identity header is no identity.
  const callerOf = (req: IncomingMessage, claimedWallet: string): Caller => ({
    claimedWallet,
    verifiedWallet: identityOf(req, internalSecret)?.wallet,
  });

  return [
    {
      ...calcContract.economics,
      async handle({ body, req }) {
        const { params, walletAddress } = parseWith(calcContract.economics.body, body);
        await access.assertMayCalculate(callerOf(req, walletAddress));
        return { results: calculateEconomics(params) } satisfies EconomicsReply;
      },
    },
    {
      ...calcContract.projections,
      async handle({ body, req }) {
        const { params, walletAddress } = parseWith(calcContract.projections.body, body);
        await access.assertMayCalculate(callerOf(req, walletAddress));
        return { results: projectEarnings(params) } satisfies ProjectionReply;
      },
    },
  ];
}
