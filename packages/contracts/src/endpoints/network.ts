import { ErrorReplySchema } from '../errors';
import {
  LiveDefaultsReplySchema,
  NetworkDataReplySchema,
  NetworkRefreshReplySchema,
  ShmPriceReplySchema,
  type NetworkData,
} from '../http/network';
import type { EndpointDefinition } from './types';

const networkExample: NetworkData = {
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

export const NETWORK_ENDPOINTS: EndpointDefinition[] = [
  {
    category: 'Network',
    method: 'GET',
    path: '/api/shardeum-network',
    title: 'Live network statistics',
    description:
      'The latest snapshot of the Shardeum network, polled in the background from the archivers (with fallbacks) every few minutes. `source` names where it came from; `isEstimate` is true only for the last-resort published specifications. Field mapping: docs/network-data.md.',
    service: 'network',
    responses: [
      { status: 200, description: 'The latest snapshot', schema: NetworkDataReplySchema, example: { data: networkExample } },
      notYet('Network data is not available yet'),
    ],
  },
  {
    category: 'Network',
    method: 'POST',
    path: '/api/shardeum-network/refresh',
    title: 'Refresh the network statistics',
    description:
      'Asks for a new poll of the network. Refreshes are debounced across replicas: within 10 s of a poll started this way, further calls start nothing (`refreshed: false`) and return the current snapshot.',
    service: 'network',
    bodyExample: {},
    responses: [
      {
        status: 200,
        description: 'Whether this call started a poll, and the snapshot',
        schema: NetworkRefreshReplySchema,
        example: { refreshed: true, data: networkExample },
      },
    ],
  },
  {
    category: 'Network',
    method: 'GET',
    path: '/api/shm-price',
    title: 'SHM price',
    description:
      'The SHM price in USD (4 decimals) with market cap and 24 h volume, polled in the background from the price feed, and `prices`: the SHM price in each currency the feed answered (`usd`, `eur`, `gbp`, `inr`), unrounded, for display currencies. When the latest fetch failed the last known price is served with `stale: true`.',
    service: 'network',
    responses: [
      {
        status: 200,
        description: 'The latest price',
        schema: ShmPriceReplySchema,
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
  {
    category: 'Network',
    method: 'GET',
    path: '/api/calculations/live-defaults',
    title: 'Live calculator defaults',
    description:
      'Calculator parameters from the latest network snapshot (calc consumes the `network.updated` event): total nodes, active community nodes and active nodes (the community active slots), standby nodes, reward per hour and stake. `defaults` is null until the first snapshot arrives.',
    service: 'calc',
    responses: [
      {
        status: 200,
        description: 'The live defaults, or null',
        schema: LiveDefaultsReplySchema,
        example: {
          defaults: { totalNodes: 255, activeCommunityNodes: 22, standbyNodes: 412, activeNodes: 22, rewardPerHour: 10, shmStake: 2400 },
          source: networkExample.source,
          isEstimate: false,
          lastUpdated: networkExample.lastUpdated,
        },
      },
    ],
  },
];
