import { z } from 'zod';
import { WalletAddressSchema, atLeastZero, numberAtLeast, wholeNumberAtLeast } from './common';

/** Longest projection the engine computes month by month (100 years). */
export const MAX_PROJECTION_MONTHS = 1200;

const months = () =>
  wholeNumberAtLeast(1, 'Must be at least 1 month').max(MAX_PROJECTION_MONTHS, {
    error: `Must be at most ${MAX_PROJECTION_MONTHS} months`,
  });

/** Calculator parameters (spec §3) with the minimums and messages of spec §5. */
export const CalculatorParamsSchema = z.object({
  /** Validators in the active set; each earns rewardPerHour while active. */
  totalNodes: wholeNumberAtLeast(1, 'Must be at least 1'),
  activeCommunityNodes: wholeNumberAtLeast(1, 'Must be at least 1'),
  standbyNodes: wholeNumberAtLeast(0, 'Must be at least 0'),
  /** Active slots from live network data; informational, not used by the formulas. */
  activeNodes: wholeNumberAtLeast(0, 'Must be at least 0').optional(),
  rewardPerHour: atLeastZero(),
  nodeCostPerMonth: atLeastZero(),
  shmPrice: atLeastZero(),
  shmStake: atLeastZero(),
  totalSupply: numberAtLeast(1, 'Must be at least 1'),
  /** Read from the network, not typed in; when absent the whole supply counts as circulating. */
  circulatingSupply: numberAtLeast(1, 'Must be at least 1').optional(),
  investmentAmount: atLeastZero(),
  targetEarnings: atLeastZero(),
  targetTimeframe: months(),
  targetShmPrice: atLeastZero(),
});
export type CalculatorParams = z.infer<typeof CalculatorParamsSchema>;

export const EconomicsRequestSchema = z.object({
  params: CalculatorParamsSchema,
  walletAddress: WalletAddressSchema,
});
export type EconomicsRequest = z.infer<typeof EconomicsRequestSchema>;

/**
 * Economics results (spec §3). Percentages are in percent (8.5 means 8.5 %), money in USD,
 * durations in months. Nothing here is ever Infinity or NaN: a quantity that does not exist
 * (e.g. a break-even that never comes) is `null`. Formulas: docs/methodology.md.
 */
export const EconomicsResultsSchema = z.object({
  yearlyIssuance: z.number(),
  inflationTotal: z.number(),
  inflationCirculating: z.number(),
  monthlySHM: z.number(),
  monthlyUSD: z.number(),
  monthlyProfit: z.number(),
  stakeValue: z.number(),
  returnPercent: z.number(),
  /** Months until one node's profit repays its stake; null when the node never makes a profit. */
  breakEven: z.number().nullable(),
  annualReturn: z.number(),
  expectedActiveTime: z.number(),
  networkParticipation: z.number(),
  maxNodes: z.number().int(),
  /** Months until the affordable nodes earn targetEarnings; null when they never will. */
  timeToTarget: z.number().nullable(),
  projectedEarnings: z.number(),
  /** Capital (USD) needed to reach targetEarnings within targetTimeframe; null when no amount can. */
  requiredMonthlyInvestment: z.number().nullable(),
  isTargetAchievable: z.boolean(),
  projectedEarningsWithPriceGain: z.number(),
  stakingGains: z.number(),
  priceAppreciationFactor: z.number(),
  grossAPY: z.number(),
  netAPY: z.number(),
});
export type EconomicsResults = z.infer<typeof EconomicsResultsSchema>;

export const EconomicsReplySchema = z.object({ results: EconomicsResultsSchema });
export type EconomicsReply = z.infer<typeof EconomicsReplySchema>;

/** Projection request (spec §3). */
export const ProjectionParamsSchema = z.object({
  investmentAmount: atLeastZero(),
  projectionMonths: months(),
  projectedShmPrice: atLeastZero(),
  shmPrice: atLeastZero(),
  shmStake: atLeastZero(),
  nodeCostPerMonth: atLeastZero(),
  rewardPerHour: atLeastZero(),
  totalNodes: wholeNumberAtLeast(1, 'Must be at least 1'),
  activeCommunityNodes: wholeNumberAtLeast(1, 'Must be at least 1'),
  standbyNodes: wholeNumberAtLeast(0, 'Must be at least 0'),
});
export type ProjectionParams = z.infer<typeof ProjectionParamsSchema>;

export const ProjectionRequestSchema = z.object({
  params: ProjectionParamsSchema,
  walletAddress: WalletAddressSchema,
});
export type ProjectionRequest = z.infer<typeof ProjectionRequestSchema>;

export const ProjectionResultsSchema = z.object({
  maxNodes: z.number().int(),
  /** Average monthly earnings (USD, after node costs) over the period. */
  totalMonthlyEarnings: z.number(),
  totalEarningsAfterMonths: z.number(),
  /** Investment + earnings + staking gains at the end of the period. */
  totalValue: z.number(),
  stakingGains: z.number(),
  priceAppreciationFactor: z.number(),
  monthlyProfitPerNode: z.number(),
});
export type ProjectionResults = z.infer<typeof ProjectionResultsSchema>;

export const ProjectionReplySchema = z.object({ results: ProjectionResultsSchema });
export type ProjectionReply = z.infer<typeof ProjectionReplySchema>;
