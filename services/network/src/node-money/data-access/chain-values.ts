import { z } from 'zod';
import type { NetworkTermsRead, NodeAccountRead, OperatorAccountRead } from '../ports';

/*
 * The chain's accounts as its servers send them (docs/node-money.md names each source):
 * shardeum/shardeum @ c08fc1e2 src/shardeum/shardeumTypes.ts (NodeAccount2, OperatorAccountInfo,
 * NetworkParameters). Only the fields node money reads are checked; the rest passes.
 */

const BI_VALUE = /^-?[0-9a-f]+$/i;
const HEX = /^(0x)?[0-9a-f]+$/i;

function bigintOf(value: unknown): bigint | string {
  if (typeof value === 'bigint') return value;
  // lib-types safeStringify (explorer-server replies): { dataType: 'bi', value: <hex without 0x> }.
  if (typeof value === 'object' && value !== null && (value as { dataType?: unknown }).dataType === 'bi') {
    const hex = (value as { value?: unknown }).value;
    if (typeof hex !== 'string' || !BI_VALUE.test(hex)) return 'a {dataType:"bi"} amount needs a hex value';
    return hex.startsWith('-') ? -BigInt(`0x${hex.slice(1)}`) : BigInt(`0x${hex}`);
  }
  // shardeum convertBigIntsToHex (a validator's account route) gives '0x…'; rows stored before the
  // bigint change carry bare hex, which the chain itself reads as hex (_base16BNParser).
  if (typeof value === 'string') {
    if (!HEX.test(value)) return `"${value.slice(0, 40)}" is not a hex amount`;
    return BigInt(value.startsWith('0x') || value.startsWith('0X') ? value : `0x${value}`);
  }
  // _base16BNParser also takes the older { __BigInt__: '<decimal>' } literal.
  if (typeof value === 'object' && value !== null && typeof (value as { __BigInt__?: unknown }).__BigInt__ === 'string') {
    const literal = (value as { __BigInt__: string }).__BigInt__;
    if (/^-?\d+$/.test(literal)) return BigInt(literal);
  }
  return `expected a chain amount (bigint, {dataType:"bi"}, or hex string), got ${value === null ? 'null' : typeof value}`;
}

/** One amount in any encoding the chain's servers use; anything else is refused with what it was. */
export const chainBigint = z.unknown().transform((value, ctx): bigint => {
  const parsed = bigintOf(value);
  if (typeof parsed === 'bigint') return parsed;
  ctx.addIssue({ code: 'custom', message: parsed });
  return z.NEVER;
});

/** Seconds as the chain keeps them; not bounded here (claimReward itself checks for a negative start). */
const seconds = z.number().int();
/** The chain leaves '' (and, after an unstake, null) where no key or wallet is set. */
const optionalKey = z
  .string()
  .nullish()
  .transform((s) => (s ? s.toLowerCase() : null));

/** NodeAccount2 (accountType 9). */
export const NodeAccount2Schema = z
  .object({
    nominator: optionalKey,
    stakeLock: chainBigint,
    reward: chainBigint,
    penalty: chainBigint,
    rewardStartTime: seconds,
    rewardEndTime: seconds,
    // Accounts made before rewardRate existed lack it; the claim's max(rate, current) then takes the current rate, as 0 does.
    rewardRate: chainBigint.optional(),
    nodeAccountStats: z.object({
      totalReward: chainBigint,
      totalPenalty: chainBigint,
      history: z.array(z.object({ b: seconds, e: seconds })),
      penaltyHistory: z.array(z.object({ type: z.number().int(), amount: chainBigint, timestamp: z.number() })).optional(),
    }),
  })
  .transform(
    (account): NodeAccountRead => ({
      nominator: account.nominator,
      stakeLock: account.stakeLock,
      reward: account.reward,
      penalty: account.penalty,
      rewardStartTime: account.rewardStartTime,
      rewardEndTime: account.rewardEndTime,
      rewardRate: account.rewardRate ?? 0n,
      totalReward: account.nodeAccountStats.totalReward,
      totalPenalty: account.nodeAccountStats.totalPenalty,
      history: account.nodeAccountStats.history.map(({ b, e }) => ({ b, e })),
      penaltyHistory: (account.nodeAccountStats.penaltyHistory ?? []).map(({ type, amount, timestamp }) => ({ type, amount, timestamp })),
    }),
  );

/** operatorAccountInfo of an EVM account; null or absent when the wallet never staked. */
export const OperatorAccountInfoSchema = z
  .object({
    stake: chainBigint,
    nominee: optionalKey,
    certExp: z.number().int().nullish(),
    // shardeumTypes.ts OperatorStats; an account from before they existed has none.
    operatorStats: z
      .object({
        totalNodeReward: chainBigint,
        totalNodePenalty: chainBigint,
        totalNodeTime: z.number().int().nonnegative(),
        totalUnstakeReward: chainBigint,
        unstakeCount: z.number().int().nonnegative(),
      })
      .nullish()
      .catch(null),
  })
  .nullish();

export function operatorRead(address: string, info: z.infer<typeof OperatorAccountInfoSchema>): OperatorAccountRead | null {
  if (!info) return null;
  const stats = info.operatorStats;
  return {
    address,
    stake: info.stake,
    nominee: info.nominee,
    certExp: info.certExp ?? null,
    ...(stats
      ? {
          stats: {
            totalNodeReward: stats.totalNodeReward,
            totalNodePenalty: stats.totalNodePenalty,
            totalNodeTime: stats.totalNodeTime,
            totalUnstakeReward: stats.totalUnstakeReward,
            unstakeCount: stats.unstakeCount,
          },
        }
      : {}),
  };
}

/** The network account's `current` terms (accountType 5). */
export const NetworkAccountSchema = z
  .object({
    current: z.object({
      nodeRewardAmountUsd: chainBigint,
      nodeRewardInterval: z.number().int().positive(),
      stabilityScaleMul: z.number().positive(),
      stabilityScaleDiv: z.number().positive(),
    }),
  })
  .transform(
    ({ current }): NetworkTermsRead => ({
      rewardUnits: current.nodeRewardAmountUsd,
      rewardIntervalMs: current.nodeRewardInterval,
      stabilityScaleMul: current.stabilityScaleMul,
      stabilityScaleDiv: current.stabilityScaleDiv,
    }),
  );

/** The network account's fixed address (shardeum src/config/index.ts `globalAccount`). */
export const NETWORK_ACCOUNT_ADDRESS = `1${'0'.repeat(62)}1`;

/** Lower-case 0x wallet, as the explorer indexes EVM accounts. */
export const walletAddress = (wallet: string) => wallet.toLowerCase();
