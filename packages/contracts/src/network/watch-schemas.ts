import { z } from 'zod';

/**
 * The network account's parameters the network watch follows (shardeum NetworkParameters, nested
 * ones by their path): what the calculator reads (reward, stake, the stability factor), the slashing
 * switches and the minimum versions. Amounts are whole units of the account's 1e18-unit bigints.
 */
export const WATCHED_PARAMETERS = [
  'nodeRewardAmountUsd',
  'nodeRewardInterval',
  'stakeRequiredUsd',
  'stabilityScaleMul',
  'stabilityScaleDiv',
  'enableNodeSlashing',
  'slashing.enableLeftNetworkEarlySlashing',
  'slashing.enableSyncTimeoutSlashing',
  'slashing.enableNodeRefutedSlashing',
  'minVersion',
  'activeVersion',
  'latestVersion',
  'archiver.minVersion',
] as const;
export type WatchedParameter = (typeof WATCHED_PARAMETERS)[number];

export const ParamValueSchema = z.union([z.number(), z.string().max(64), z.boolean()]);
export type ParamValue = z.infer<typeof ParamValueSchema>;
export const WatchedValuesSchema = z.partialRecord(z.enum(WATCHED_PARAMETERS), ParamValueSchema);
export type WatchedValues = z.infer<typeof WatchedValuesSchema>;

/** SHM per active hour and SHM of stake, as the calculator reads them (raw amount × mul / div). */
export const NetworkFiguresSchema = z.object({ rewardPerHour: z.number(), stakeRequired: z.number() });
export type NetworkFigures = z.infer<typeof NetworkFiguresSchema>;

export const NetworkParamChangeSchema = z.object({
  parameter: z.enum(WATCHED_PARAMETERS),
  /** The value before (null when the watch had none to compare with). */
  from: ParamValueSchema.nullable(),
  to: ParamValueSchema,
});
export type NetworkParamChange = z.infer<typeof NetworkParamChangeSchema>;

/**
 * One change of the network's parameters: `announced` (listed in `listOfChanges` for a later cycle,
 * or in `next`) or `in-force` (seen in `current`). `id` names it for good: the same change announced
 * and then in force keeps its id, so it is told once. `cycle` is the cycle it takes effect (null for
 * `next`, which names none); `before`/`after` the figures the calculator uses, when both are known.
 */
export const NetworkChangeSchema = z.object({
  id: z.string().min(1).max(200),
  cycle: z.number().int().nullable(),
  status: z.enum(['announced', 'in-force']),
  seenAt: z.iso.datetime(),
  changes: z.array(NetworkParamChangeSchema).min(1),
  before: NetworkFiguresSchema.optional(),
  after: NetworkFiguresSchema.optional(),
});
export type NetworkChange = z.infer<typeof NetworkChangeSchema>;

/** GET /api/shardeum-network/changes: the values in force (raw) with their figures, and the latest changes, newest first. */
export const NetworkChangesReplySchema = z.object({
  success: z.literal(true),
  current: z
    .object({ cycle: z.number().int(), values: WatchedValuesSchema, figures: NetworkFiguresSchema.optional() })
    .nullable(),
  changes: z.array(NetworkChangeSchema),
});
export type NetworkChangesReply = z.infer<typeof NetworkChangesReplySchema>;
