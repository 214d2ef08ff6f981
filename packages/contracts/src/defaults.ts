import type { CalculatorParams } from './calc/schemas';

/** Calculator-page defaults (spec §3, first reading). */
export const CALCULATOR_DEFAULTS: Required<Omit<CalculatorParams, 'activeNodes' | 'activePeriodHours'>> = {
  totalNodes: 256,
  activeCommunityNodes: 20,
  standbyNodes: 200,
  rewardPerHour: 10,
  nodeCostPerMonth: 35,
  shmPrice: 0.1265,
  shmStake: 2400,
  totalSupply: 249_000_000,
  circulatingSupply: 80_000_000,
  investmentAmount: 10_000,
  targetEarnings: 100_000,
  targetTimeframe: 12,
  targetShmPrice: 1,
};

/** Admin-page defaults (spec §3, second reading). */
export const ADMIN_CALCULATOR_DEFAULTS: Required<Omit<CalculatorParams, 'activePeriodHours'>> = {
  totalNodes: 1300,
  activeCommunityNodes: 250,
  activeNodes: 250,
  standbyNodes: 50,
  rewardPerHour: 0.48,
  nodeCostPerMonth: 120,
  shmPrice: 0.03,
  shmStake: 1000,
  totalSupply: 508_000_000,
  circulatingSupply: 140_000_000,
  investmentAmount: 5000,
  targetEarnings: 5000,
  targetTimeframe: 12,
  targetShmPrice: 1,
};

/** Projection inputs start from the investment defaults of the page and these. */
export const PROJECTION_DEFAULTS = { projectionMonths: 12, projectedShmPrice: 1 };
