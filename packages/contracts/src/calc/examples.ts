import type { EconomicsResults } from './schemas';

/**
 * What the calculator page's defaults (spec §3) give, worked out by hand: 7,200 SHM a month shared by
 * 20 of 220 community nodes is 654.5454 SHM, × $0.1265 = $82.80; the stake is 2,400 × $0.1265 =
 * $303.60, so $82.80 × 12 / $303.60 = 327.27 % gross, ($82.80 − $35) × 12 / $303.60 = 188.93 % net,
 * and the stake is repaid after $303.60 / $47.80 = 6.35 months; $10,000 buys floor(10,000 / 303.60) = 32 nodes.
 */
export const DEFAULT_ECONOMICS_RESULTS: EconomicsResults = {
  yearlyIssuance: 22_118_400,
  inflationTotal: 8.8829,
  inflationCirculating: 27.648,
  monthlySHM: 654.5454,
  monthlyUSD: 82.8,
  monthlyProfit: 47.8,
  stakeValue: 303.6,
  returnPercent: 15.74,
  breakEven: 6.35,
  annualReturn: 573.6,
  expectedActiveTime: 9.0909,
  networkParticipation: 7.8125,
  maxNodes: 32,
  timeToTarget: 65.4,
  projectedEarnings: 18_355.2,
  requiredMonthlyInvestment: 53_130,
  isTargetAchievable: false,
  projectedEarningsWithPriceGain: 304_990.25,
  stakingGains: 67_084.8,
  priceAppreciationFactor: 7.9051,
  grossAPY: 327.27,
  netAPY: 188.93,
  realNetAPY: 126.35,
  breakEvenShmPrice: 0.0535,
  breakEvenStandbyNodes: 500.46,
  riskBands: {
    activePeriodHours: 4,
    monthlySHM: { p10: 480, p50: 640, p90: 840 },
    monthlyProfit: { p10: 25.72, p50: 45.96, p90: 71.26 },
    timeToTarget: { p10: 64.63, p50: 65.38, p90: 66.13 },
  },
  sensitivity: [],
};
