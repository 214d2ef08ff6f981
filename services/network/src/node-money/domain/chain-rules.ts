// The chain's money rules, as shardeum/shardeum c08fc1e2 applies them (docs/node-money.md names each
// line): amounts are 1e18 "USD" units turned into SHM wei with × stabilityScaleMul / stabilityScaleDiv
// (src/utils/general.ts scaleByStabilityFactor, integer division), a period pays
// scale(max(rate at activation, rate at claim)) × seconds × 1000 / nodeRewardInterval (src/tx/claimReward.ts,
// multiply first, then divide), and an unstake pays stake + reward − scale(constantTxFeeUsd).
import type { LedgerRow } from '@shm/contracts';
import type { NetworkTermsRead } from '../ports';

/** shardeumFlags.ts `constantTxFeeUsd: '10000000000000000'` ($0.01 × 10^18). */
export const CONSTANT_TX_FEE_USD = 10n ** 16n;
export const WEI_PER_SHM = 10n ** 18n;

export const scale = (units: bigint, terms: Pick<NetworkTermsRead, 'stabilityScaleMul' | 'stabilityScaleDiv'>): bigint =>
  (units * BigInt(terms.stabilityScaleMul)) / BigInt(terms.stabilityScaleDiv);

/** The unstake fee in wei. */
export const unstakeFee = (terms: NetworkTermsRead): bigint => scale(CONSTANT_TX_FEE_USD, terms);

/** What a claim credits for `seconds` active at a scaled rate (wei per reward interval). */
export const periodReward = (scaledRate: bigint, seconds: number, intervalMs: number): bigint =>
  (scaledRate * BigInt(seconds * 1000)) / BigInt(intervalMs);

/**
 * Wei per reward interval the chain paid, backed out of an amount: the smallest rate whose rounded-down
 * credit is that amount (null for a period of no time).
 */
export function paidRate(amount: bigint, seconds: number, intervalMs: number): bigint | null {
  if (seconds <= 0) return null;
  const divisor = BigInt(seconds * 1000);
  return (amount * BigInt(intervalMs) + divisor - 1n) / divisor;
}

type Violation = Extract<LedgerRow, { kind: 'penalty' }>['violation'];
const VIOLATIONS: Record<number, Violation> = { 1000: 'left-early', 1001: 'syncing-too-long', 1002: 'double-vote', 1003: 'refuted' };
/** shardeumTypes.ts ViolationType. */
export const violationKind = (type: number): Violation => VIOLATIONS[type] ?? 'other';

/** The chain's refusals, word for word (src/tx/staking/verifyStake.ts verifyUnstakeTx; the cert check: src/index.ts, the Unstake apply). */
export const REFUSALS = {
  nodeNotFound: 'This nominee node is not found!',
  noNominator: 'No one has staked to this account!',
  noStake: 'There is no staked amount in this node!',
  otherWallet: "This node is staked by another account. You can't unstake it!",
  standby: "This node is in the network's Standby list. You can unstake only after the node leaves the Standby list!",
  active: 'This node is still active in the network. You can unstake only after the node leaves the network!',
  noEndTime: "No reward endTime set, can't unstake node yet",
  certNotExpired: (certExp: number) => `Unable to apply Unstake tx because stake cert has not yet expired. Expiry timestamp ${certExp}`,
} as const;

/** Wei as SHM for figures a visitor reads beside exact ones (never for sums). */
export const weiToShm = (wei: bigint): number => Number(wei) / 1e18;
