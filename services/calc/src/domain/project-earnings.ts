import { expectedActiveShare, nodesAffordable, rewardPerMonth, type ProjectionParams, type ProjectionResults } from '@shm/contracts';
import { monthlySeries } from './monthly-series';
import { rotationModel } from './rotation-model';

/**
 * Earnings of the affordable nodes over `projectionMonths`, with the SHM price moving in equal
 * monthly steps from `shmPrice` to `projectedShmPrice` (month m is sold at p0 + (p1 − p0)·m/N).
 * Pure; see docs/methodology.md.
 */
export function projectEarnings(params: ProjectionParams): ProjectionResults {
  const months = params.projectionMonths;
  const share = expectedActiveShare(params.activeCommunityNodes, params.standbyNodes);
  const monthlySHM = rewardPerMonth(params.rewardPerHour) * share;
  const maxNodes = nodesAffordable(params.investmentAmount, params.shmStake, params.shmPrice);
  // Σ_{m=1..N} (p0 + (p1 − p0)·m/N) = N·p0 + (p1 − p0)·(N + 1)/2
  const priceMonthsSum = months * params.shmPrice + ((params.projectedShmPrice - params.shmPrice) * (months + 1)) / 2;
  const totalEarningsAfterMonths = maxNodes * (monthlySHM * priceMonthsSum - params.nodeCostPerMonth * months);
  const stakingGains = maxNodes * params.shmStake * (params.projectedShmPrice - params.shmPrice);

  return {
    maxNodes,
    totalMonthlyEarnings: totalEarningsAfterMonths / months,
    totalEarningsAfterMonths,
    totalValue: params.investmentAmount + totalEarningsAfterMonths + stakingGains,
    stakingGains,
    priceAppreciationFactor: params.shmPrice > 0 ? params.projectedShmPrice / params.shmPrice : 1,
    monthlyProfitPerNode: monthlySHM * params.shmPrice - params.nodeCostPerMonth,
    monthly: monthlySeries(params, maxNodes, monthlySHM, rotationModel(params.activePeriodHours, share)),
  };
}
