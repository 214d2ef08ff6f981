import { z } from 'zod';

/** A node count read from the network: whole, never negative, far below anything the network reaches. */
const count = () => z.number().int().min(0).max(10_000_000);

/**
 * Where a network snapshot came from (spec §3). A label may carry counts after the base name, e.g.
 * `archiver_live_data_foundation_233_community_22_active_255_standby_412`.
 */
export const NETWORK_SOURCES = {
  archiverLiveData: 'archiver_live_data',
  archiverCalculated: 'archiver_calculated',
  archiverFullData: 'archiver_full_data',
  rpcAnalysis: 'rpc_analysis',
  explorerApi: 'explorer_api',
  officialSpecifications: 'shardeum_official_specifications',
} as const;

/**
 * How the foundation / community split of the active set was made (docs/network-data.md):
 * `node-flags`: every active node carried `foundationNode` in the archiver's node list;
 * `cycle-history`: every active node's flag is known, some recovered from the join records of the
 * cycle history (`joinedConsensors[].foundationNode`) the service keeps in MongoDB;
 * `partial`: some active nodes' flags are still unknown and are counted as foundation nodes, never
 * as community slots (an estimate);
 * `last-known`: this source gives no split (RPC, explorer); the last foundation count known is used (an estimate);
 * `assumed`: no split has ever been known; the documented share of community slots is used (an estimate).
 */
export const SPLIT_METHODS = ['node-flags', 'cycle-history', 'partial', 'last-known', 'assumed'] as const;
export type SplitMethod = (typeof SPLIT_METHODS)[number];

export const CommunitySplitSchema = z.object({
  method: z.enum(SPLIT_METHODS),
  /** Active nodes known to be foundation nodes. */
  knownFoundation: count(),
  /** Active nodes known to be community nodes. */
  knownCommunity: count(),
  /** Active nodes whose flag is unknown (counted as foundation nodes). */
  unknown: count(),
});
export type CommunitySplit = z.infer<typeof CommunitySplitSchema>;

/** Only these splits rest on every active node's own flag; the others are estimates. */
export const isExactSplit = (split: Pick<CommunitySplit, 'method'>): boolean => split.method === 'node-flags' || split.method === 'cycle-history';

/** What a live figure rests on: which kind of source, which one (an archiver's URL), and when it was read. */
export const LIVE_ORIGINS = ['archiver', 'rpc', 'explorer', 'cycle-history', 'estimate'] as const;
export type LiveOrigin = (typeof LIVE_ORIGINS)[number];
export const ProvenanceSchema = z.object({
  origin: z.enum(LIVE_ORIGINS),
  /** The system asked (an archiver's base URL, the RPC or explorer URL); absent for estimates. */
  from: z.string().max(300).optional(),
  /** When the figure was read (ISO 8601). */
  at: z.iso.datetime(),
});
export type Provenance = z.infer<typeof ProvenanceSchema>;

/**
 * Why an archiver's figures were not used this poll (docs/network-data.md, "Which archivers, and
 * whether to believe them"): `wrong-network`: its cycles name another network; `stale`: its newest
 * cycle is older than one already accepted, or started too long ago; `disagrees`: it signed another
 * cycle than the others at the same counter; `untrusted`: a reply not signed as it must be;
 * `unreachable`: no usable answer.
 */
export const ARCHIVER_REFUSALS = ['wrong-network', 'stale', 'disagrees', 'untrusted', 'unreachable'] as const;
export type ArchiverRefusal = (typeof ARCHIVER_REFUSALS)[number];

/**
 * How far the archivers' figures are confirmed: `quorum`: at least two archivers signed the cycle the
 * figures rest on (same counter, same marker); `single source`: only one archiver could be used, so
 * nothing confirms it; `none`: no archiver's figures were usable (the counts come from a fallback).
 */
export const ARCHIVER_AGREEMENTS = ['quorum', 'single source', 'none'] as const;
export const ArchiverCheckSchema = z.object({
  agreement: z.enum(ARCHIVER_AGREEMENTS),
  /** The cycle the figures rest on (the newest one the quorum signed). */
  cycle: count().optional(),
  /** Archivers that signed that cycle. */
  agreeing: count(),
  /** Archivers asked this poll. */
  asked: count(),
  /** Archivers whose figures were refused this poll, and why; they are skipped until they agree again. */
  refused: z.array(z.object({ archiver: z.string().max(300), reason: z.enum(ARCHIVER_REFUSALS) })).max(100),
});
export type ArchiverCheck = z.infer<typeof ArchiverCheckSchema>;

const hours = () => z.number().min(0).max(1e7);

/**
 * Rotation as observed in the cycle history (docs/network-data.md, docs/methodology.md): community
 * activations, removals and standby additions per cycle over the window, how long one active period
 * lasts, and what follows for a node that joins standby now: the wait to its first activation
 * (P10 / P50 / P90) and the share of time it spends active.
 */
export const RotationStatsSchema = z.object({
  /** Cycles of history the rates rest on. */
  cyclesObserved: count(),
  cycleSeconds: z.number().positive().max(86_400),
  /** Community nodes activated per cycle (foundation activations left out). */
  activationsPerCycle: z.number().min(0).max(1e6),
  /** Active nodes that left (removed, apoptosized, lost) per cycle. */
  removalsPerCycle: z.number().min(0).max(1e6),
  /** Nodes added to standby per cycle. */
  standbyAddsPerCycle: z.number().min(0).max(1e6),
  /** One active period: observed (median of completed periods) or, before any is seen, activeSlots / activationsPerCycle. */
  activePeriod: z.object({
    hours: hours(),
    method: z.enum(['observed', 'steady-state']),
    /** Completed active periods seen in the window. */
    observed: count(),
  }),
  /** From joining standby to the first activation, in hours; null when no activation was seen. */
  waitToActive: z.object({ p10Hours: hours(), p50Hours: hours(), p90Hours: hours() }).nullable(),
  /** activePeriod / (activePeriod + mean wait): the long-run share of time active; null with no activation seen. */
  activeShare: z.number().min(0).max(1).nullable(),
});
export type RotationStats = z.infer<typeof RotationStatsSchema>;

/**
 * Network data (spec §3, `data` of GET /api/shardeum-network). How archiver counts map onto these
 * fields is documented in docs/network-data.md:
 * totalNodes = validators in the active set (foundation + community);
 * activeSlots = active slots open to community nodes (the whole active set when the split is unknown);
 * standbyNodes = nodes waiting in standby; communityNodes = activeSlots + standbyNodes.
 */
export const NetworkDataSchema = z.object({
  totalNodes: count(),
  activeSlots: count(),
  standbyNodes: count(),
  communityNodes: count(),
  totalFoundationNodes: count().optional(),
  totalCommunityNodes: count().optional(),
  source: z.string().min(1).max(200),
  isEstimate: z.boolean(),
  /** When this snapshot was taken (ISO 8601). */
  lastUpdated: z.iso.datetime(),
  /** Raw extras for the Technical Details card; absent when the source does not report them. */
  syncingNodes: count().optional(),
  desiredNodes: count().optional(),
  cycleCounter: count().optional(),
  cycleDurationSeconds: z.number().positive().max(86_400).optional(),
  /** SHM an active node earns per hour, from the network account. */
  rewardPerHour: z.number().min(0).max(1e12).optional(),
  /** SHM a validator must stake, from the network account. */
  stakeRequired: z.number().min(0).max(1e15).optional(),
  /** How the foundation / community split was made; absent for the published-specifications estimate. */
  communitySplit: CommunitySplitSchema.optional(),
  /** Rotation observed in the cycle history; absent until enough history is kept. */
  rotation: RotationStatsSchema.optional(),
  /** How far the archivers agreed on the figures, and which were refused; absent for the published-specifications estimate. */
  archivers: ArchiverCheckSchema.optional(),
  /** Where each group of figures came from and when it was read. */
  provenance: z
    .object({
      counts: ProvenanceSchema,
      split: ProvenanceSchema,
      economics: ProvenanceSchema,
      rotation: ProvenanceSchema,
    })
    .partial()
    .optional(),
});
export type NetworkData = z.infer<typeof NetworkDataSchema>;

export const NetworkDataReplySchema = z.object({ data: NetworkDataSchema });
export type NetworkDataReply = z.infer<typeof NetworkDataReplySchema>;

/**
 * POST /api/shardeum-network/refresh (docs/network-data.md, "Refresh and debouncing"): `refreshed`
 * says the data comes from a poll that started after the call arrived (refresh polls are at most one
 * per REFRESH_DEBOUNCE_MS, shared by every caller).
 */
export const NetworkRefreshReplySchema = z.object({
  refreshed: z.boolean(),
  /** That poll's snapshot; with `refreshed: false` (no such poll within the wait), the current one. */
  data: NetworkDataSchema.nullable(),
});
export type NetworkRefreshReply = z.infer<typeof NetworkRefreshReplySchema>;

/**
 * Currencies the SHM price is asked for (CoinGecko `vs_currencies`, lower case); the web offers them
 * as display currencies, with SHM itself.
 */
export const PRICE_CURRENCIES = ['usd', 'eur', 'gbp', 'inr'] as const;
export type PriceCurrency = (typeof PRICE_CURRENCIES)[number];

/** Price response (spec §3): price in USD rounded to 4 decimals. */
export const ShmPriceReplySchema = z.object({
  price: z.number().min(0),
  /** When the price source last updated the price (ISO 8601). */
  lastUpdated: z.iso.datetime(),
  marketCap: z.number().min(0).nullable(),
  volume24h: z.number().min(0).nullable(),
  /**
   * The SHM price in each currency the feed answered, keyed by lower-case code (`usd`, `eur`, `gbp`,
   * `inr`; CoinGecko's `vs_currencies` shape), as the feed gives it (not rounded), so a figure converts
   * between currencies as `usd × prices[c] / prices.usd` without rounding error.
   */
  prices: z.record(z.string().regex(/^[a-z]{3,5}$/), z.number().positive().max(1e12)).optional(),
  /** True when the latest fetch failed and this is the last price known. */
  stale: z.boolean().optional(),
});
export type ShmPriceReply = z.infer<typeof ShmPriceReplySchema>;

/**
 * GET /api/calculations/live-defaults: calculator parameters taken from the latest `network.updated`
 * event (calc consumes it); `defaults` is null until the first event arrives.
 */
export const LiveDefaultsSchema = z.object({
  totalNodes: count(),
  activeCommunityNodes: count(),
  standbyNodes: count(),
  activeNodes: count(),
  rewardPerHour: z.number().min(0).optional(),
  shmStake: z.number().min(0).optional(),
  /** One active period as observed in the cycle history (the risk model's activePeriodHours). */
  activePeriodHours: z.number().positive().optional(),
});
export type LiveDefaults = z.infer<typeof LiveDefaultsSchema>;

export const LiveDefaultsReplySchema = z.object({
  defaults: LiveDefaultsSchema.nullable(),
  source: z.string().nullable(),
  isEstimate: z.boolean(),
  lastUpdated: z.iso.datetime().nullable(),
  /** The snapshot's split, rotation and provenance, so the calculator can say how its live figures were made. */
  communitySplit: CommunitySplitSchema.optional(),
  rotation: RotationStatsSchema.optional(),
  provenance: NetworkDataSchema.shape.provenance,
});
export type LiveDefaultsReply = z.infer<typeof LiveDefaultsReplySchema>;
