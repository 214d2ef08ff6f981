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
});
export type NetworkData = z.infer<typeof NetworkDataSchema>;

export const NetworkDataReplySchema = z.object({ data: NetworkDataSchema });
export type NetworkDataReply = z.infer<typeof NetworkDataReplySchema>;

/** POST /api/shardeum-network/refresh: whether this call started a poll (a flood within 10 s starts one). */
export const NetworkRefreshReplySchema = z.object({
  refreshed: z.boolean(),
  /** The snapshot after the poll (when this call ran one and it finished in time), else the current one. */
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
});
export type LiveDefaults = z.infer<typeof LiveDefaultsSchema>;

export const LiveDefaultsReplySchema = z.object({
  defaults: LiveDefaultsSchema.nullable(),
  source: z.string().nullable(),
  isEstimate: z.boolean(),
  lastUpdated: z.iso.datetime().nullable(),
});
export type LiveDefaultsReply = z.infer<typeof LiveDefaultsReplySchema>;
