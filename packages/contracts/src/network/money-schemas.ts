import { z } from 'zod';
import { WalletAddressSchema } from '../common/schemas';
import { NodePublicKeySchema, NodeStateOrUnknownSchema } from './node-schemas';
import { PRICE_CURRENCIES } from './schemas';

/**
 * A node's money as the chain records it (issue 34; docs/node-money.md): its node account and its
 * nominator's operator account, the stake, claim-reward, penalty and unstake transactions, a ledger
 * built from them that reconciles to the account, income on two bases, and whether it can be
 * unstaked now. Amounts are wei (1e-18 SHM) as decimal strings: a JSON number cannot hold them exactly.
 */
export const WeiSchema = z.string().regex(/^-?\d+$/, { error: 'Must be an integer amount in wei' });

/** Where the chain's accounts were read: the explorer (primary), a validator (fallback) or nowhere. */
export const MONEY_SOURCES = ['explorer', 'validator'] as const;
export const MoneySourceStateSchema = z.object({
  /** `read`: the primary answered; `fallback`: the primary failed and a validator answered (no transactions); `unavailable`: neither. */
  state: z.enum(['read', 'fallback', 'unavailable']),
  name: z.enum(MONEY_SOURCES).nullable(),
  /** What a visitor is told (which source failed and how). */
  detail: z.string(),
  readAt: z.iso.datetime().nullable(),
});
export type MoneySourceState = z.infer<typeof MoneySourceStateSchema>;

/** The node account (shardeum NodeAccount2, accountType 9). Times in seconds as the chain keeps them. */
export const ChainNodeAccountSchema = z.object({
  nominator: z.string().nullable(),
  stakeLockWei: WeiSchema,
  rewardWei: WeiSchema,
  penaltyWei: WeiSchema,
  /** Seconds; 0 when never activated since the last stake. */
  rewardStartTime: z.number().int(),
  /** Seconds; 0 while active, or when no claim has been made. */
  rewardEndTime: z.number().int(),
  /** nodeRewardAmountUsd captured at activation (1e18 units, unscaled). */
  rewardRateUnits: WeiSchema,
  totalRewardWei: WeiSchema,
  totalPenaltyWei: WeiSchema,
});
export type ChainNodeAccount = z.infer<typeof ChainNodeAccountSchema>;

/** The nominator's operator account (operatorAccountInfo of its EVM account). */
export const ChainOperatorAccountSchema = z.object({
  address: z.string(),
  stakeWei: WeiSchema,
  nominee: z.string().nullable(),
  /** The stake certificate's expiry, ms; null when none. */
  certExp: z.number().int().nullable(),
  /** operatorStats: the wallet's lifetime figures over every node it staked; null where the source leaves them out. */
  stats: z
    .object({
      totalNodeRewardWei: WeiSchema,
      totalNodePenaltyWei: WeiSchema,
      /** Seconds its nodes were paid for. */
      totalNodeTime: z.number().int().nonnegative(),
      totalUnstakeRewardWei: WeiSchema,
      unstakeCount: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type ChainOperatorAccount = z.infer<typeof ChainOperatorAccountSchema>;

/** The network account's terms the ledger and the payout use. */
export const ChainNetworkTermsSchema = z.object({
  stabilityScaleMul: z.number(),
  stabilityScaleDiv: z.number(),
  /** nodeRewardAmountUsd now (1e18 units, unscaled). */
  rewardUnits: WeiSchema,
  rewardIntervalMs: z.number().int().positive(),
  /** The unstake fee: constantTxFeeUsd (0.01e18) × stabilityScaleMul / stabilityScaleDiv. */
  txFeeWei: WeiSchema,
});
export type ChainNetworkTerms = z.infer<typeof ChainNetworkTermsSchema>;

/** A UTC day's SHM price in the asked currency: the product's own history, the price API's history, or none. */
export const DayPriceSchema = z.object({
  day: z.iso.date(),
  price: z.number().nonnegative().nullable(),
  source: z.enum(['history', 'price-api', 'none']),
});
export type DayPrice = z.infer<typeof DayPriceSchema>;

/** Which rate the chain's rule chose for a period: max(rate at activation, rate at claim). */
export const RATE_RULES = ['activation', 'claim', 'same', 'unknown'] as const;

const txHash = z.string().nullable();
const at = z.iso.datetime();

export const LedgerStakeRowSchema = z.object({ kind: z.literal('stake'), at, amountWei: WeiSchema, txHash });
export const LedgerPeriodRowSchema = z.object({
  kind: z.literal('period'),
  /** 1 for the first period the account's history records. */
  index: z.number().int().positive(),
  start: at,
  /** When the node left the active set (the claim's end time). */
  end: at,
  seconds: z.number().int().nonnegative(),
  /** SHM per reward interval (hour) the period was paid at, in wei, after the stability factor. */
  ratePerIntervalWei: WeiSchema,
  rule: z.enum(RATE_RULES),
  /** Rates (SHM per hour) the product saw at activation and at the claim; null where its history does not reach. */
  activationRatePerHour: z.number().nullable(),
  claimRatePerHour: z.number().nullable(),
  stabilityScaleMul: z.number(),
  stabilityScaleDiv: z.number(),
  /** The chain's amount: the claim receipt's rewardAmount, or (fallback) the rule applied to the history. */
  amountWei: WeiSchema,
  amountSource: z.enum(['claim-receipt', 'computed']),
  /** `ok`: the rule gives the chain's amount; `mismatch`: it does not (flagged); `unverified`: the rates are not known. */
  check: z.enum(['ok', 'mismatch', 'unverified']),
  price: DayPriceSchema,
  /** Accrual income: amount × the end day's price, to the cent; null without a price. */
  value: z.number().nullable(),
  txHash,
});
export const PENALTY_KINDS = ['left-early', 'syncing-too-long', 'double-vote', 'refuted', 'other'] as const;
export const LedgerPenaltyRowSchema = z.object({
  kind: z.literal('penalty'),
  at,
  violation: z.enum(PENALTY_KINDS),
  amountWei: WeiSchema,
  price: DayPriceSchema,
  /** What the penalty cost at its day's price (a loss of stake, not negative income). */
  value: z.number().nullable(),
  txHash,
});
export const LedgerUnstakeRowSchema = z.object({
  kind: z.literal('unstake'),
  at,
  stakeWei: WeiSchema,
  rewardWei: WeiSchema,
  penaltyWei: WeiSchema,
  feeWei: WeiSchema,
  /** stake + reward − fee: what reached the nominator wallet. */
  payoutWei: WeiSchema,
  price: DayPriceSchema,
  /** Receipt income: the reward paid out × its day's price (the stake is never income). */
  value: z.number().nullable(),
  txHash,
});
export const LedgerRowSchema = z.discriminatedUnion('kind', [LedgerStakeRowSchema, LedgerPeriodRowSchema, LedgerPenaltyRowSchema, LedgerUnstakeRowSchema]);
export type LedgerRow = z.infer<typeof LedgerRowSchema>;
export type LedgerPeriodRow = z.infer<typeof LedgerPeriodRowSchema>;

export const ReconciliationSchema = z.object({
  /** Every check holds: the periods sum to the account's totals and each period matches the rule. */
  ok: z.boolean(),
  /** nodeAccountStats.totalReward, and the periods' sum. */
  chainTotalRewardWei: WeiSchema,
  ledgerTotalRewardWei: WeiSchema,
  /** The account's `reward` (since the last stake), and the periods since the last stake or unstake. */
  chainRewardWei: WeiSchema,
  ledgerOpenRewardWei: WeiSchema,
  /** Each check that failed, said plainly (flagged in the page, never hidden). */
  problems: z.array(z.string()),
  /** The product's own earned-SHM model beside the chain's figure, and why they differ. */
  model: z.object({
    earnedSHM: z.number().nullable(),
    chainSHM: z.number(),
    differenceSHM: z.number().nullable(),
    explanations: z.array(z.string()),
  }),
});
export type Reconciliation = z.infer<typeof ReconciliationSchema>;

/** The seven states of an unstake (shardeum verifyStake.ts verifyUnstakeTx and the Unstake apply in index.ts). */
export const UNSTAKE_STATES = ['no-stake', 'other-wallet', 'standby', 'active', 'no-end-time', 'cert-not-expired', 'can-unstake'] as const;
export type UnstakeState = (typeof UNSTAKE_STATES)[number];
export const UnstakeDiagnosisSchema = z.object({
  state: z.enum(UNSTAKE_STATES),
  canUnstake: z.boolean(),
  /** The chain's rule, in words. */
  rule: z.string(),
  /** The chain's refusal, word for word; null when it would accept. */
  refusal: z.string().nullable(),
  /** When the answer changes, and how (null `at` when it depends on the network or the operator). */
  changes: z.object({ at: z.iso.datetime().nullable(), text: z.string() }),
  /** The wallet checked as the nominator. */
  wallet: z.string().nullable(),
  /** What an unstake pays now (stake + reward − fee); null when there is no stake. */
  payout: z.object({ stakeWei: WeiSchema, rewardWei: WeiSchema, feeWei: WeiSchema, payoutWei: WeiSchema }).nullable(),
  /** Set when a forced unstake would throw the reward away (no reward end time): the reward lost. */
  forcedForfeitsRewardWei: WeiSchema.nullable(),
});
export type UnstakeDiagnosis = z.infer<typeof UnstakeDiagnosisSchema>;

export const IncomeTotalsSchema = z.object({
  /** Σ period values (each at its end day's price), and SHM. */
  accrual: z.object({ shmWei: WeiSchema, value: z.number() }),
  /** Σ unstake rewards at their day's price. */
  receipt: z.object({ shmWei: WeiSchema, value: z.number() }),
  /** Days an income row fell on with no price (their value is left out of the totals, and said). */
  missingPriceDays: z.array(z.iso.date()),
});

export const MoneyCurrencySchema = z.enum(PRICE_CURRENCIES, { error: `Must be one of ${PRICE_CURRENCIES.join(', ')}` });

/** GET /api/shardeum-network/nodes/:publicKey/money */
export const NodeMoneyParamsSchema = z.object({ publicKey: NodePublicKeySchema.describe('The node public key (64 hex)') });
export const NodeMoneyQuerySchema = z.object({
  wallet: WalletAddressSchema.optional().describe('The wallet that would unstake (the nominator checked); the node account’s nominator when left out'),
  currency: MoneyCurrencySchema.default('usd').describe('The currency income is valued in'),
});

export const NodeMoneyReplySchema = z.object({
  success: z.literal(true),
  publicKey: z.string(),
  currency: MoneyCurrencySchema,
  source: MoneySourceStateSchema,
  /** The tracked state (standby / active …) the unstake rules read. */
  trackedState: NodeStateOrUnknownSchema,
  account: ChainNodeAccountSchema.nullable(),
  operator: ChainOperatorAccountSchema.nullable(),
  network: ChainNetworkTermsSchema.nullable(),
  /** Oldest first. */
  ledger: z.array(LedgerRowSchema),
  reconciliation: ReconciliationSchema.nullable(),
  income: IncomeTotalsSchema,
  unstake: UnstakeDiagnosisSchema.nullable(),
});
export type NodeMoneyReply = z.infer<typeof NodeMoneyReplySchema>;
