import {
  type CalculatorParams,
  type EconomicsResults,
  MAX_MONTHS_TO_TARGET,
  MONTHS_PER_YEAR,
  expectedActiveShare,
  nodesAffordable,
  percentOf,
  rewardPerMonth,
} from '@shm/contracts';
import { breakEvenShmPrice, breakEvenStandbyNodes, realNetAPY } from './break-evens';
import { riskBands } from './risk-bands';
import { rotationModel } from './rotation-model';
import { sensitivity } from './sensitivity';

/** The economics of one node and of the nodes an investment affords. Pure; see docs/methodology.md. */
export function calculateEconomics(p: CalculatorParams): EconomicsResults {
  const share = expectedActiveShare(p.activeCommunityNodes, p.standbyNodes);
  const monthlySHM = rewardPerMonth(p.rewardPerHour) * share;
  const monthlyUSD = monthlySHM * p.shmPrice;
  const monthlyProfit = monthlyUSD - p.nodeCostPerMonth;
  const stakeValue = p.shmStake * p.shmPrice;

  const yearlyIssuance = rewardPerMonth(p.rewardPerHour) * MONTHS_PER_YEAR * p.totalNodes;
  const inflationCirculating = percentOf(yearlyIssuance, p.circulatingSupply ?? p.totalSupply);
  const maxNodes = nodesAffordable(p.investmentAmount, p.shmStake, p.shmPrice);
  const fleetMonthlyProfit = maxNodes * monthlyProfit;
  const timeToTarget = fleetMonthlyProfit > 0 ? p.targetEarnings / fleetMonthlyProfit : null;
  const profitPerNodeOverTimeframe = monthlyProfit * p.targetTimeframe;
  const stakingGains = maxNodes * p.shmStake * (p.targetShmPrice - p.shmPrice);
  const netAPY = percentOf(monthlyProfit * MONTHS_PER_YEAR, stakeValue);

  return {
    yearlyIssuance,
    inflationTotal: percentOf(yearlyIssuance, p.totalSupply),
    inflationCirculating,
    monthlySHM,
    monthlyUSD,
    monthlyProfit,
    stakeValue,
    returnPercent: percentOf(monthlyProfit, stakeValue),
    breakEven: monthlyProfit > 0 ? stakeValue / monthlyProfit : null,
    annualReturn: monthlyProfit * MONTHS_PER_YEAR,
    expectedActiveTime: share * 100,
    networkParticipation: percentOf(p.activeCommunityNodes, p.totalNodes),
    maxNodes,
    timeToTarget,
    projectedEarnings: fleetMonthlyProfit * p.targetTimeframe,
    requiredMonthlyInvestment:
      profitPerNodeOverTimeframe > 0 ? Math.ceil(p.targetEarnings / profitPerNodeOverTimeframe) * stakeValue : null,
    isTargetAchievable: timeToTarget !== null && timeToTarget <= Math.min(p.targetTimeframe, MAX_MONTHS_TO_TARGET),
    projectedEarningsWithPriceGain:
      maxNodes * (monthlySHM * p.targetShmPrice - p.nodeCostPerMonth) * p.targetTimeframe + stakingGains,
    stakingGains,
    priceAppreciationFactor: p.shmPrice > 0 ? p.targetShmPrice / p.shmPrice : 1,
    grossAPY: percentOf(monthlyUSD * MONTHS_PER_YEAR, stakeValue),
    netAPY,
    realNetAPY: realNetAPY(netAPY, inflationCirculating),
    breakEvenShmPrice: breakEvenShmPrice(p.nodeCostPerMonth, monthlySHM),
    breakEvenStandbyNodes: breakEvenStandbyNodes(p),
    riskBands: riskBands(rotationModel(p.activePeriodHours, share), {
      rewardPerMonth: rewardPerMonth(p.rewardPerHour),
      shmPrice: p.shmPrice,
      nodeCostPerMonth: p.nodeCostPerMonth,
      maxNodes,
      targetEarnings: p.targetEarnings,
      timeToTarget,
    }),
    sensitivity: sensitivity(p, netAPY),
  };
}
