import type { networkRoutes } from './routes';
import { ErrorReplySchema } from '../errors';
import { type NetworkData } from '../network/schemas';
import type { NodeLookupReply } from './node-schemas';
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

const KEY_A = '9f3c1b7e2a5d4c8f0e6b1a2d3c4e5f60718293a4b5c6d7e8f901122334455667';
const KEY_B = '0b1c2d3e4f5061728394a5b6c7d8e9f00112233445566778899aabbccddeeff0';

/** Two nodes: one active since 12:00 after an earlier period, one never seen. */
export const nodeLookupExample: NodeLookupReply = {
  success: true,
  nodes: [
    {
      publicKey: KEY_A,
      state: 'active',
      since: '2025-11-21T12:00:00.000Z',
      firstSeen: '2025-11-02T08:41:00.000Z',
      lastChange: 'activated',
      activePeriods: [
        // Open: 30 min at 10 SHM/h so far.
        { start: '2025-11-21T12:00:00.000Z', end: null, earnedSHM: 5 },
        // 2025-11-10 06:00 to 09:00 at 10 SHM/h.
        { start: '2025-11-10T06:00:00.000Z', end: '2025-11-10T09:00:00.000Z', earnedSHM: 30 },
      ],
      earnedSHM: 35,
    },
    { publicKey: KEY_B, state: 'unknown', since: null, firstSeen: null, lastChange: null, activePeriods: [], earnedSHM: 0 },
  ],
  trackedCycle: 61234,
  trackedAt: '2025-11-21T12:29:00.000Z',
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
      'Asks for a new poll of the network and answers with the snapshot of a poll that started after the call arrived (`refreshed: true`). Every caller, on every replica, waits for the one refresh poll not started yet; refresh polls are at most one per 10 s, so a call whose poll cannot start within its wait gets `refreshed: false` and the current snapshot.',
    bodyExample: {},
    responses: [
      {
        status: 200,
        description: 'Whether the snapshot comes from a poll that started after the call, and the snapshot',
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
  nodes: {
    category: 'Network',
    title: 'Look up nodes by public key',
    description:
      'Where each node is now and what it earned, for up to 100 public keys (64 hex, any case; answered lower-case, duplicates once, in the order asked). The network service follows every node the archivers list and every node a cycle record names, once per cycle: `state` is `standby`, `syncing`, `active` or `gone` (removed, apoptosized, or in no list any more), `unknown` for a key it never saw. `since` is the start of the cycle it entered that state in, `lastChange` what last happened to it (a `lost` node keeps its state until it refutes or is apoptosized). `activePeriods` (newest first) are the periods it was active, those that ended within the retention (90 days by default) and the open one; `earnedSHM` is what the network rules pay for a period: its seconds × the reward per hour in force ÷ 3600, up to now while it is open. `trackedCycle` and `trackedAt` name the newest cycle processed (null before the first). Details: docs/network-data.md, "Node tracking".',
    bodyExample: { publicKeys: [KEY_A, KEY_B] },
    responses: [
      { status: 200, description: 'One status per distinct key asked', example: nodeLookupExample },
      {
        ...validationError,
        description: '`publicKeys` is missing, empty, longer than 100, or holds something that is not a node public key',
        example: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'publicKeys.0: Must be a node public key (64 hex characters)',
            fields: { 'publicKeys.0': 'Must be a node public key (64 hex characters)' },
            requestId: '5f0c…',
          },
        },
      },
      {
        status: 503,
        description: 'The node states cannot be read right now',
        schema: ErrorReplySchema,
        example: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Node states are unavailable right now; try again shortly', requestId: '5f0c…' } },
      },
    ],
  },
};
