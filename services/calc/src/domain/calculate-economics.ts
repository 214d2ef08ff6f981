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
export function calculateEconomics(params: CalculatorParams): EconomicsResults {
  const share = expectedActiveShare(params.activeCommunityNodes, params.standbyNodes);
  const monthlySHM = rewardPerMonth(params.rewardPerHour) * share;
  const monthlyUSD = monthlySHM * params.shmPrice;
  const monthlyProfit = monthlyUSD - params.nodeCostPerMonth;
  const stakeValue = params.shmStake * params.shmPrice;

  const yearlyIssuance = rewardPerMonth(params.rewardPerHour) * MONTHS_PER_YEAR * params.totalNodes;
  const inflationCirculating = percentOf(yearlyIssuance, params.circulatingSupply ?? params.totalSupply);
  const maxNodes = nodesAffordable(params.investmentAmount, params.shmStake, params.shmPrice);
  const fleetMonthlyProfit = maxNodes * monthlyProfit;
  const timeToTarget = fleetMonthlyProfit > 0 ? params.targetEarnings / fleetMonthlyProfit : null;
  const profitPerNodeOverTimeframe = monthlyProfit * params.targetTimeframe;
  const stakingGains = maxNodes * params.shmStake * (params.targetShmPrice - params.shmPrice);
  const netAPY = percentOf(monthlyProfit * MONTHS_PER_YEAR, stakeValue);

  return {
    yearlyIssuance,
    inflationTotal: percentOf(yearlyIssuance, params.totalSupply),
    inflationCirculating,
    monthlySHM,
    monthlyUSD,
    monthlyProfit,
    stakeValue,
    returnPercent: percentOf(monthlyProfit, stakeValue),
    breakEven: monthlyProfit > 0 ? stakeValue / monthlyProfit : null,
    annualReturn: monthlyProfit * MONTHS_PER_YEAR,
    expectedActiveTime: share * 100,
    networkParticipation: percentOf(params.activeCommunityNodes, params.totalNodes),
    maxNodes,
    timeToTarget,
    projectedEarnings: fleetMonthlyProfit * params.targetTimeframe,
    requiredMonthlyInvestment:
      profitPerNodeOverTimeframe > 0 ? Math.ceil(params.targetEarnings / profitPerNodeOverTimeframe) * stakeValue : null,
    isTargetAchievable: timeToTarget !== null && timeToTarget <= Math.min(params.targetTimeframe, MAX_MONTHS_TO_TARGET),
    projectedEarningsWithPriceGain:
      maxNodes * (monthlySHM * params.targetShmPrice - params.nodeCostPerMonth) * params.targetTimeframe + stakingGains,
    stakingGains,
    priceAppreciationFactor: params.shmPrice > 0 ? params.targetShmPrice / params.shmPrice : 1,
    grossAPY: percentOf(monthlyUSD * MONTHS_PER_YEAR, stakeValue),
    netAPY,
    realNetAPY: realNetAPY(netAPY, inflationCirculating),
    breakEvenShmPrice: breakEvenShmPrice(params.nodeCostPerMonth, monthlySHM),
    breakEvenStandbyNodes: breakEvenStandbyNodes(params),
    riskBands: riskBands(rotationModel(params.activePeriodHours, share), {
      rewardPerMonth: rewardPerMonth(params.rewardPerHour),
      shmPrice: params.shmPrice,
      nodeCostPerMonth: params.nodeCostPerMonth,
      maxNodes,
      targetEarnings: params.targetEarnings,
      timeToTarget,
    }),
    sensitivity: sensitivity(params, netAPY),
  };
}
