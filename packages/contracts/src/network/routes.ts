import { validationError, type RouteDocs } from '../docs-types';
import { ErrorReplySchema } from '../errors';
import { defineRoutes } from '../route';
import { networkExample, notYet } from './examples';
import { NetworkHistoryQuerySchema, NetworkHistoryReplySchema } from './history-schemas';
import { nodeMoneyExample } from './money-examples';
import { NodeMoneyParamsSchema, NodeMoneyQuerySchema, NodeMoneyReplySchema } from './money-schemas';

// The money schemas' values come with this area (the root exports their types only).
export * from './money-schemas';
import { NodeLookupReplySchema, NodeLookupRequestSchema, type NodeLookupReply } from './node-schemas';
import { NetworkDataReplySchema, NetworkRefreshReplySchema } from './schemas';
import { networkWatchContract, networkWatchDocs } from './watch-routes';

// The network watch's schemas (values and types) and the re-pricing of scenarios come with this area too.
export * from './watch-schemas';
export * from './reprice';

/** The network's figures, their history and the node lookup (the SHM price: price/routes.ts). */
export const networkContract = defineRoutes({
  data: { method: 'GET', path: '/api/shardeum-network', service: 'network', auth: 'none', reply: NetworkDataReplySchema, errors: [503] },
  refresh: { method: 'POST', path: '/api/shardeum-network/refresh', service: 'network', auth: 'none', reply: NetworkRefreshReplySchema, errors: [] },
  history: {
    method: 'GET', path: '/api/shardeum-network/history', service: 'network', auth: 'none',
    query: NetworkHistoryQuerySchema, reply: NetworkHistoryReplySchema, errors: [400],
  },
  nodes: {
    method: 'POST', path: '/api/shardeum-network/nodes', service: 'network', auth: 'none',
    body: NodeLookupRequestSchema, reply: NodeLookupReplySchema, errors: [400, 503],
  },
  nodeMoney: {
    method: 'GET', path: '/api/shardeum-network/nodes/:publicKey/money', service: 'network', auth: 'none',
    pathParams: NodeMoneyParamsSchema, query: NodeMoneyQuerySchema, reply: NodeMoneyReplySchema, errors: [400],
  },
  ...networkWatchContract,
});

const KEY_A = '9f3c1b7e2a5d4c8f0e6b1a2d3c4e5f60718293a4b5c6d7e8f901122334455667';
const KEY_B = '0b1c2d3e4f5061728394a5b6c7d8e9f00112233445566778899aabbccddeeff0';

/** Two nodes: one active since 12:00 after an earlier period, one never seen. */
const nodeLookupExample: NodeLookupReply = {
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

/** Each route's docs (the docs page and OpenAPI); a function, so the web's bundle leaves the text out. */
export const networkDocs = (): RouteDocs<typeof networkContract> => ({
  ...networkWatchDocs(),
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
  nodeMoney: {
    category: 'Network',
    title: "A node's money on the chain",
    description:
      "What the chain records for one node, read key-free from the explorer (its node account, its nominator's operator account, and the stake, claim-reward, penalty and unstake transactions), or from a validator's account route when the explorer fails (accounts only). `ledger` (oldest first) has a row per stake, active period, penalty and unstake, amounts in wei as decimal strings; each period says the rate the chain paid and which rule chose it (max of the rate at activation and at the claim), and whether the rule gives the chain's amount. `reconciliation` sums the periods against the account's `reward` and `nodeAccountStats.totalReward` and sets the product's own earned-SHM model beside the chain's figure, with every check that fails in `problems`. Income is valued in `currency` on two bases: accrual (each period at its end day's price) and receipt (the unstake's reward at its day's price); the stake is never income. `unstake` says whether `wallet` (the nominator when left out) can unstake now, the chain's exact refusal, when that changes, and the payout stake + reward − fee to the wei. A node whose accounts cannot be read answers 200 with `source.state: unavailable`. Details: docs/node-money.md.",
    responses: [
      { status: 200, description: 'The node\'s accounts, ledger, income and unstake diagnosis', example: nodeMoneyExample },
      {
        ...validationError,
        description: '`publicKey` is not 64 hex characters, `wallet` is not an address, or `currency` is not one of usd, eur, gbp, inr',
        example: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'currency: Must be one of usd, eur, gbp, inr',
            fields: { currency: 'Must be one of usd, eur, gbp, inr' },
            requestId: '5f0c…',
          },
        },
      },
    ],
  },
});
