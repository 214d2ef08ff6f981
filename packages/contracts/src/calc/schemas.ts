import { z } from 'zod';
import { WalletAddressSchema, atLeastZero, numberAtLeast, wholeNumberAtLeast } from '../common/schemas';

/** Longest projection the engine computes month by month (100 years). */
export const MAX_PROJECTION_MONTHS = 1200;

/** Hours a node stays active once rotated in, when the request does not say (shardeum.live's assumption). */
export const DEFAULT_ACTIVE_PERIOD_HOURS = 4;
/** Shortest and longest active period the risk model accepts: one minute, one 30-day month. */
export const MIN_ACTIVE_PERIOD_HOURS = 1 / 60;
export const MAX_ACTIVE_PERIOD_HOURS = 720;

/**
 * Optional `activePeriodHours`: only the risk model reads it (docs/methodology.md, "Risk bands").
 * Absent means DEFAULT_ACTIVE_PERIOD_HOURS; the engine applies the default so the schema's input
 * and output types stay the same (the published OpenAPI document shows it as optional).
 */
const activePeriodHours = () =>
  z
    .number({ error: 'Must be a number' })
    .min(MIN_ACTIVE_PERIOD_HOURS, { error: 'Must be at least 1/60 (one minute)' })
    .max(MAX_ACTIVE_PERIOD_HOURS, { error: `Must be at most ${MAX_ACTIVE_PERIOD_HOURS}` })
    .optional();

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
  /** Hours a node stays active once rotated in (default 4); only the risk bands read it. */
  activePeriodHours: activePeriodHours(),
});
export type CalculatorParams = z.infer<typeof CalculatorParamsSchema>;

export const EconomicsRequestSchema = z.object({
  params: CalculatorParamsSchema,
  walletAddress: WalletAddressSchema,
});
export type EconomicsRequest = z.infer<typeof EconomicsRequestSchema>;

/** Percentiles of a quantity (P10, median, P90). */
const BandSchema = z.object({ p10: z.number(), p50: z.number(), p90: z.number() });

/**
 * What random rotation into the active set makes of the expected values (docs/methodology.md, "Risk
 * bands"): a node's active time per month is about activePeriodHours × K, with
 * K ~ Binomial(round(720 / activePeriodHours), share).
 */
export const RiskBandsSchema = z.object({
  /** The model parameter used (the request's, or the default 4). */
  activePeriodHours: z.number(),
  /** SHM one node earns in a month. */
  monthlySHM: BandSchema,
  /** USD one node makes in a month after its cost. */
  monthlyProfit: BandSchema,
  /**
   * Months until the affordable nodes earn targetEarnings: p10 is the early (lucky) end, p90 the late
   * end; null when never or beyond 1200 months.
   */
  timeToTarget: z.object({ p10: z.number().nullable(), p50: z.number().nullable(), p90: z.number().nullable() }),
});
export type RiskBands = z.infer<typeof RiskBandsSchema>;

/** The inputs the sensitivity analysis moves by ±20 %. */
export const SENSITIVITY_INPUTS = [
  'rewardPerHour',
  'nodeCostPerMonth',
  'shmPrice',
  'shmStake',
  'activeCommunityNodes',
  'standbyNodes',
] as const;
export type SensitivityInput = (typeof SENSITIVITY_INPUTS)[number];

/** Net APY with one input moved by −20 % and +20 %, the others held. */
export const SensitivityEntrySchema = z.object({
  input: z.enum(SENSITIVITY_INPUTS),
  /** Net APY (%) with the input at 80 % of its value. */
  netAPYLow: z.number(),
  /** Net APY (%) with the input at 120 % of its value. */
  netAPYHigh: z.number(),
  /** netAPYLow − netAPY, percentage points. */
  deltaLow: z.number(),
  /** netAPYHigh − netAPY, percentage points. */
  deltaHigh: z.number(),
});
export type SensitivityEntry = z.infer<typeof SensitivityEntrySchema>;

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
  /** Net APY net of the circulating supply's inflation (real reward rate), %. */
  realNetAPY: z.number(),
  /** SHM price (USD) at which monthlyProfit is 0; null when a node earns no SHM. */
  breakEvenShmPrice: z.number().nullable(),
  /**
   * Standby count (real number) at which monthlyProfit is 0; null when nodes cost nothing (never
   * unprofitable) or when a node loses money even with no standby.
   */
  breakEvenStandbyNodes: z.number().nullable(),
  riskBands: RiskBandsSchema,
  /** One entry per input, largest impact (max of |deltaLow|, |deltaHigh|) first. */
  sensitivity: z.array(SensitivityEntrySchema),
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
  /** Hours a node stays active once rotated in (default 4); only the P10/P90 of the monthly series read it. */
  activePeriodHours: activePeriodHours(),
});
export type ProjectionParams = z.infer<typeof ProjectionParamsSchema>;

export const ProjectionRequestSchema = z.object({
  params: ProjectionParamsSchema,
  walletAddress: WalletAddressSchema,
});
export type ProjectionRequest = z.infer<typeof ProjectionRequestSchema>;

/** One month of the projection (docs/methodology.md, "Monthly series"). */
export const ProjectionMonthSchema = z.object({
  /** 1 … projectionMonths. */
  month: z.number().int(),
  /** SHM the affordable nodes are expected to earn that month. */
  shm: z.number(),
  /** SHM price that month on the straight path from shmPrice to projectedShmPrice, USD. */
  price: z.number(),
  /** shm × price, USD. */
  value: z.number(),
  /** Expected Σ value − nodes × nodeCostPerMonth up to this month, USD. */
  cumulativeProfit: z.number(),
  /** 10th percentile of the cumulative profit (unlucky rotation), USD. */
  cumulativeProfitP10: z.number(),
  /** 90th percentile of the cumulative profit (lucky rotation), USD. */
  cumulativeProfitP90: z.number(),
});
export type ProjectionMonth = z.infer<typeof ProjectionMonthSchema>;

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
  /** Month by month; the last cumulativeProfit is totalEarningsAfterMonths. */
  monthly: z.array(ProjectionMonthSchema),
});
export type ProjectionResults = z.infer<typeof ProjectionResultsSchema>;

export const ProjectionReplySchema = z.object({ results: ProjectionResultsSchema });
export type ProjectionReply = z.infer<typeof ProjectionReplySchema>;
