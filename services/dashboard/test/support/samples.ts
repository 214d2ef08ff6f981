import { CALCULATOR_DEFAULTS } from '@shm/contracts';

/** A profile body with every field the §5 form sends. */
export const profileBody = (profileName: string, extra: Record<string, unknown> = {}) => ({
  profileName,
  investmentAmount: 10_000,
  targetTimeframe: 12,
  targetEarnings: 5_000,
  riskTolerance: 'aggressive',
  preferredShmPrice: 0.25,
  customNodeCost: 35,
  notes: 'two nodes on a VPS',
  ...extra,
});

export const entryBody = (extra: Record<string, unknown> = {}) => ({
  nodeCount: 2,
  actualInvestment: 700,
  shmPriceAtEntry: 0.12,
  actualRewards: 1_000,
  entryDate: '2026-01-01',
  ...extra,
});

/**
 * Economics results of the calculator defaults as saved before the risk bands existed (the fields
 * they brought are optional in a saved scenario), worked out by hand (docs/methodology.md): one node
 * earns 10 × 720 × 20/220 = 654.5454… SHM a month, worth × 0.1265 = 82.8 USD, minus 35 USD cost.
 */
const monthlySHM = (10 * 720 * 20) / 220;
export const scenarioBody = (scenarioName: string, extra: Record<string, unknown> = {}) => ({
  scenarioName,
  parameters: CALCULATOR_DEFAULTS,
  results: {
    yearlyIssuance: 10 * 720 * 12 * 256,
    inflationTotal: ((10 * 720 * 12 * 256) / 249_000_000) * 100,
    inflationCirculating: ((10 * 720 * 12 * 256) / 80_000_000) * 100,
    monthlySHM,
    monthlyUSD: monthlySHM * 0.1265,
    monthlyProfit: monthlySHM * 0.1265 - 35,
    stakeValue: 2400 * 0.1265,
    returnPercent: ((monthlySHM * 0.1265 - 35) / (2400 * 0.1265)) * 100,
    breakEven: (2400 * 0.1265) / (monthlySHM * 0.1265 - 35),
    annualReturn: (monthlySHM * 0.1265 - 35) * 12,
    expectedActiveTime: (20 / 220) * 100,
    networkParticipation: (20 / 256) * 100,
    maxNodes: 32,
    timeToTarget: 100_000 / (32 * (monthlySHM * 0.1265 - 35)),
    projectedEarnings: 32 * (monthlySHM * 0.1265 - 35) * 12,
    requiredMonthlyInvestment: null,
    isTargetAchievable: false,
    projectedEarningsWithPriceGain: 0,
    stakingGains: 32 * 2400 * (1 - 0.1265),
    priceAppreciationFactor: 1 / 0.1265,
    grossAPY: ((monthlySHM * 0.1265 * 12) / (2400 * 0.1265)) * 100,
    netAPY: (((monthlySHM * 0.1265 - 35) * 12) / (2400 * 0.1265)) * 100,
  },
  ...extra,
});
