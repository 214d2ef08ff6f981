import { z } from 'zod';

const count = z.number().int().min(0).max(10_000_000);

/** `GET /cycleinfo/1` (shardeum/archiver): the latest cycle record with its node counts. */
export const CycleInfoReplySchema = z.object({
  cycleInfo: z
    .array(
      z.object({
        counter: count,
        active: count,
        standby: count,
        syncing: count.optional(),
        desired: count.optional(),
        duration: z.number().positive().max(86_400).optional(),
      }),
    )
    .min(1),
});

/** `GET /full-nodelist?…`: node entries; `foundationNode` is set only by archivers that know it. */
export const NodeListReplySchema = z.object({
  nodeList: z
    .array(z.object({ publicKey: z.string().min(1).max(256), foundationNode: z.boolean().optional() }))
    .max(200_000),
});

/**
 * A Shardus bigint in 1e18 units, as JSON may carry it: `{ dataType: 'bi', value: <hex> }`, a
 * 0x-hex or plain-hex string, a decimal string, or a number. Read as whole units.
 */
const WEI = 1e18;
export const BigUnitsSchema = z
  .union([
    z.object({ dataType: z.literal('bi'), value: z.string().regex(/^(0x)?[0-9a-fA-F]{1,64}$/) }).transform((v) => v.value),
    z.string().regex(/^(0x[0-9a-fA-F]{1,64}|[0-9]{1,80}|[0-9a-fA-F]{1,64})$/),
    z.number().min(0).max(1e40),
  ])
  .transform((v) => {
    if (typeof v === 'number') return v / WEI;
    const big = /^[0-9]+$/.test(v) ? BigInt(v) : BigInt(v.startsWith('0x') ? v : `0x${v}`);
    return Number(big) / WEI;
  });

const NetworkParamsSchema = z.object({
  nodeRewardInterval: z.number().positive(),
  nodeRewardAmountUsd: BigUnitsSchema,
  stakeRequiredUsd: BigUnitsSchema,
  stabilityScaleMul: z.number().positive(),
  stabilityScaleDiv: z.number().positive(),
});

/** `GET /get-network-account?hash=false`: the global network account (an account copy with `data`). */
export const NetworkAccountReplySchema = z.object({
  networkAccount: z.union([
    z.object({ data: z.object({ current: NetworkParamsSchema }) }).transform((a) => a.data.current),
    z.object({ current: NetworkParamsSchema }).transform((a) => a.current),
  ]),
});
