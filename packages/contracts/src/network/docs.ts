import type { networkRoutes } from './routes';
import { ErrorReplySchema } from '../errors';
import { type NetworkData } from '../network/schemas';
import { validationError, type RouteDocs } from '../docs-types';

export const networkExample: NetworkData = {
  totalNodes: 255,
  activeSlots: 22,
  standbyNodes: 412,
  communityNodes: 434,
  totalFoundationNodes: 233,
  totalCommunityNodes: 22,
  source: 'archiver_live_data_foundation_233_community_22_active_255_standby_412',
  isEstimate: false,
  lastUpdated: '2025-11-21T12:00:00.000Z',
  syncingNodes: 3,
  desiredNodes: 300,
  cycleCounter: 61234,
  cycleDurationSeconds: 60,
  rewardPerHour: 10,
  stakeRequired: 2400,
};

const notYet = (message: string) => ({
  status: 503,
  description: 'Nothing has been fetched yet',
  schema: ErrorReplySchema,
  example: { error: { code: 'SERVICE_UNAVAILABLE', message, requestId: '5f0c…' } },
});

export const networkDocs: RouteDocs<typeof networkRoutes> = {
  data: {
    category: 'Network',
    title: 'Live network statistics',
    description:
      'The latest snapshot of the Shardeum network, polled in the background from the archivers (with fallbacks) every few minutes. `source` names where it came from; `isEstimate` is true only for the last-resort published specifications. Field mapping: docs/network-data.md.',
    responses: [
      { status: 200, description: 'The latest snapshot', example: { data: networkExample } },
      notYet('Network data is not available yet'),
    ],
  },
  refresh: {
    category: 'Network',
    title: 'Refresh the network statistics',
    description:
      'Asks for a new poll of the network. Refreshes are debounced across replicas: within 10 s of a poll started this way, further calls start nothing (`refreshed: false`) and return the current snapshot.',
    bodyExample: {},
    responses: [
      {
        status: 200,
        description: 'Whether this call started a poll, and the snapshot',
        example: { refreshed: true, data: networkExample },
      },
    ],
  },
  history: {
    category: 'Network',
    title: 'Network history',
    description:
      'The network over time, for charts: active, standby, community and foundation counts, the SHM price in USD, reward per hour and stake. `range=24h` (default) answers 5-minute buckets of the last 24 h (`bucketSeconds: 300`); `7d` and `30d` answer hourly buckets (`3600`), the current hour averaged from its 5-minute buckets so far. A bucket holds the averages of the snapshots taken in it (counts to 0.1, price to 6 significant digits; reward and stake as last seen; `estimate` when any was an estimate); buckets without a snapshot are left out. Points are oldest first. 5-minute buckets are kept 48 h and hourly ones 90 days by default. The history is kept in MongoDB, so a restart of the service loses none of it.',
    responses: [
      {
        status: 200,
        description: 'The buckets of the range, oldest first',
        example: {
          range: '7d',
          bucketSeconds: 3600,
          points: [
            { t: '2025-11-21T10:00:00.000Z', active: 255, standby: 411.5, community: 22, foundation: 233, priceUsd: 0.117183, rewardPerHour: 10, stakeRequired: 2400, estimate: false },
            { t: '2025-11-21T11:00:00.000Z', active: 254.8, standby: 412, community: 21.8, foundation: 233, priceUsd: 0.1172, rewardPerHour: 10, stakeRequired: 2400, estimate: false },
          ],
        },
      },
      {
        ...validationError,
        description: '`range` is not one of 24h, 7d, 30d',
        example: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'range: Invalid option: expected one of "24h"|"7d"|"30d"',
            fields: { range: 'Invalid option: expected one of "24h"|"7d"|"30d"' },
            requestId: '5f0c…',
          },
        },
      },
    ],
  },
  price: {
    category: 'Network',
    title: 'SHM price',
    description:
      'The SHM price in USD (4 decimals) with market cap and 24 h volume, polled in the background from the price feed, and `prices`: the SHM price in each currency the feed answered (`usd`, `eur`, `gbp`, `inr`), unrounded, for display currencies. When the latest fetch failed the last known price is served with `stale: true`.',
    responses: [
      {
        status: 200,
        description: 'The latest price',
        example: {
          price: 0.1172,
          lastUpdated: '2025-11-21T12:00:00.000Z',
          marketCap: 29_183_000,
          volume24h: 1_204_000,
          prices: { usd: 0.1172, eur: 0.100792, gbp: 0.089072, inr: 10.3722 },
        },
      },
      notYet('Failed to fetch SHM price'),
    ],
  },
};
