import { z } from 'zod';

// The network's history, apart from schemas.ts: the calculator's first page loads schemas.ts (for
// its live defaults reply), and a module's schemas all come with it.

/** Ranges of GET /api/shardeum-network/history and the bucket each is served in. */
export const HISTORY_RANGES = ['24h', '7d', '30d'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

export const NetworkHistoryQuerySchema = z.object({
  range: z.enum(HISTORY_RANGES).default('24h').describe('24h (5-minute buckets, the default), 7d or 30d (hourly buckets)'),
});
export type NetworkHistoryQuery = z.infer<typeof NetworkHistoryQuerySchema>;

/** One bucket of the network's history: averages of the snapshots taken in it (counts rounded to 0.1). */
export const NetworkHistoryPointSchema = z.object({
  /** Start of the bucket (ISO 8601). */
  t: z.iso.datetime(),
  active: z.number().min(0).max(1e7),
  standby: z.number().min(0).max(1e7),
  /** Active community slots (activeSlots). */
  community: z.number().min(0).max(1e7),
  foundation: z.number().min(0).max(1e7).optional(),
  /** SHM price in USD; null when no price was known in the bucket. */
  priceUsd: z.number().min(0).max(1e9).nullable(),
  rewardPerHour: z.number().min(0).max(1e12).optional(),
  stakeRequired: z.number().min(0).max(1e15).optional(),
  /** True when any snapshot in the bucket was an estimate. */
  estimate: z.boolean(),
});
export type NetworkHistoryPoint = z.infer<typeof NetworkHistoryPointSchema>;

export const NetworkHistoryReplySchema = z.object({
  range: z.enum(HISTORY_RANGES),
  /** Length of one bucket in seconds (300 for 24 h, 3600 for 7 d and 30 d). */
  bucketSeconds: z.number().int().positive(),
  /** Oldest first; buckets without a snapshot are left out. */
  points: z.array(NetworkHistoryPointSchema).max(5000),
});
export type NetworkHistoryReply = z.infer<typeof NetworkHistoryReplySchema>;
