import type { RouteDocs } from '../docs-types';
import { ErrorReplySchema } from '../errors';
import { defineRoutes } from '../route';
import { NetworkChangesReplySchema, type NetworkChangesReply } from './watch-schemas';

/** The network watch: the parameters in force and their changes; part of networkContract. */
export const networkWatchContract = defineRoutes({
  changes: {
    method: 'GET', path: '/api/shardeum-network/changes', service: 'network', auth: 'none',
    reply: NetworkChangesReplySchema, errors: [503],
  },
});

const example: NetworkChangesReply = {
  success: true,
  current: {
    cycle: 258_930,
    values: { nodeRewardAmountUsd: 0.0197192, nodeRewardInterval: 3_600_000, stakeRequiredUsd: 5.91576, stabilityScaleMul: 10_000_000, stabilityScaleDiv: 24_649, minVersion: '1.16.0' },
    figures: { rewardPerHour: 8, stakeRequired: 2400 },
  },
  changes: [
    {
      id: 'nodeRewardAmountUsd@258920=0.0197192',
      cycle: 258_920,
      status: 'announced',
      seenAt: '2026-11-28T10:00:00.000Z',
      changes: [{ parameter: 'nodeRewardAmountUsd', from: 0.024649, to: 0.0197192 }],
      before: { rewardPerHour: 10, stakeRequired: 2400 },
      after: { rewardPerHour: 8, stakeRequired: 2400 },
    },
  ],
};

export const networkWatchDocs = (): RouteDocs<typeof networkWatchContract> => ({
  changes: {
    category: 'Network',
    title: 'Network parameter changes',
    description:
      'The network account’s parameters the calculator uses (reward per interval, stake, the stability factor mul/div), the slashing switches and the minimum versions, as raw values in force (amounts in whole units of the account’s 1e18-unit bigints) with the SHM figures they give, and the latest 20 changes, newest first: announced (in `listOfChanges` for a later cycle) or seen in force, each once, with the cycle it takes effect and the reward per hour and stake before and after. Details: docs/network-data.md, "Network watch".',
    responses: [
      { status: 200, description: 'The values in force and the latest changes', example },
      {
        status: 503,
        description: 'The watch’s records cannot be read right now',
        schema: ErrorReplySchema,
        example: { error: { code: 'SERVICE_UNAVAILABLE', message: 'The network changes are unavailable right now; try again shortly', requestId: '5f0c…' } },
      },
    ],
  },
});
