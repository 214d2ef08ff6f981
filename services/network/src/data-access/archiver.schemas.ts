import { isIP } from 'node:net';
import { z } from 'zod';
import { AccountWatchSchema } from './archiver.watch';

const count = z.number().int().min(0).max(10_000_000);
const key = z.string().min(1).max(256);
/** Each list the archiver sends is bounded; the size cap on the reply bounds the whole. */
const list = <T extends z.ZodType>(item: T, max = 10_000) => z.array(item).max(max);
const absentIsEmpty = <T extends z.ZodType>(item: T) => list(item).optional().transform((v) => v ?? []);

const hostname = /^(?=.{1,253}$)[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** `GET /archivers` (shardeum/archiver src/API.ts): the archivers whose reputation is up. */
export const ArchiverListReplySchema = z.object({
  activeArchivers: list(
    z.object({
      publicKey: z.string().regex(/^[0-9a-fA-F]{64}$/),
      ip: z.string().max(253).refine((ip) => isIP(ip) !== 0 || hostname.test(ip), 'an IPv4, IPv6 or host name'),
      port: z.number().int().min(1).max(65_535),
    }),
    1000,
  ),
});

/** `{ success: false, error }`: how the archiver refuses a request (signed on POST, unsigned on GET). */
export const ArchiverRefusalSchema = z.object({ success: z.literal(false), error: z.string().max(500) });

/**
 * One cycle record (lib-types src/p2p/CycleCreatorTypes.ts `CycleData`). The node-change lists are
 * optional here because lib-types marks the join-v2 ones optional and an absent list means "none".
 */
const CycleRecordSchema = z.object({
  /** The network the record belongs to (a hash); keys are shared across networks, this is not. */
  networkId: z.string().min(1).max(128).optional(),
  /** The record's hash, which the next record names as `previous`; what archivers must agree on. */
  marker: z.string().min(1).max(128).optional(),
  counter: count,
  start: z.number().int().min(0),
  duration: z.number().positive().max(86_400),
  active: count,
  standby: count,
  syncing: count.optional(),
  desired: count.optional(),
  mode: z.string().max(32).optional(),
  joinedConsensors: absentIsEmpty(z.object({ publicKey: key, id: key, foundationNode: z.boolean().optional() })),
  activatedPublicKeys: absentIsEmpty(key),
  removed: absentIsEmpty(key),
  appRemoved: absentIsEmpty(key),
  apoptosized: absentIsEmpty(key),
  lost: absentIsEmpty(key),
  refuted: absentIsEmpty(key),
  // appJoinData is read leniently (archiver.cycle-record.ts): a join request without a usable version keeps its key.
  standbyAdd: absentIsEmpty(z.object({ nodeInfo: z.object({ publicKey: key }), appJoinData: z.unknown().optional() })),
  standbyRemove: absentIsEmpty(key),
});
export type RawCycleRecord = z.infer<typeof CycleRecordSchema>;

/** `GET /cycleinfo/:count` and `POST /cycleinfo`: newest first for the former, by counter for the latter. */
export const CycleInfoReplySchema = z.object({ cycleInfo: list(CycleRecordSchema, 101) });

/** `GET /full-nodelist?…`: node entries; `foundationNode` is set only where the archiver knows it. */
export const NodeListReplySchema = z.object({
  nodeList: list(z.object({ publicKey: key, id: key.optional(), foundationNode: z.boolean().optional() }), 200_000),
});

const WEI = 10n ** 18n;
/** Whole units of a 1e18-unit bigint: divided as bigints first, so only the fraction is rounded. */
const toUnits = (big: bigint) => Number(big / WEI) + Number(big % WEI) / 1e18;

/**
 * A Shardus bigint in 1e18 units, read as whole units. On the wire it is `{ dataType: 'bi', value }`
 * with `value` always hex WITHOUT 0x (lib-types src/utils/functions/stringify.ts writes
 * `val.toString(16)`), so an all-digit value is still hex: '57922289119000' is 0x57922289119000.
 * A plain string is read only as 0x-hex: a bare digit string is ambiguous between the two bases, and
 * guessing decimal (as this schema once did) misread such values by orders of magnitude. Plain
 * numbers (already lossy) are still taken as they are.
 */
export const BigUnitsSchema = z.union([
  z.object({ dataType: z.literal('bi'), value: z.string().regex(/^[0-9a-fA-F]{1,64}$/) }).transform((v) => toUnits(BigInt(`0x${v.value}`))),
  z.string().regex(/^0x[0-9a-fA-F]{1,64}$/).transform((v) => toUnits(BigInt(v))),
  z.number().min(0).max(1e40).transform((v) => v / 1e18),
]);

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

/** The reply read again for the network watch (archiver.watch.ts); an unreadable watch part leaves the figures be. */
export const readAccountWatch = (reply: unknown) => {
  const account = (reply as { networkAccount?: { data?: unknown } } | null)?.networkAccount;
  const parsed = AccountWatchSchema.safeParse(account?.data ?? account);
  return parsed.success ? parsed.data : undefined;
};
