import { expectedActiveShare, nodesAffordable, rewardPerMonth, type ProjectionParams, type ProjectionResults } from '@shm/contracts';
import { monthlySeries } from './monthly-series';
import { rotationModel } from './rotation-model';

/**
 * Earnings of the affordable nodes over `projectionMonths`, with the SHM price moving in equal
 * monthly steps from `shmPrice` to `projectedShmPrice` (month m is sold at p0 + (p1 − p0)·m/N).
 * Pure; see docs/methodology.md.
 */
export function projectEarnings(p: ProjectionParams): ProjectionResults {
  const months = p.projectionMonths;
  const share = expectedActiveShare(p.activeCommunityNodes, p.standbyNodes);
  const monthlySHM = rewardPerMonth(p.rewardPerHour) * share;
  const maxNodes = nodesAffordable(p.investmentAmount, p.shmStake, p.shmPrice);
  // Σ_{m=1..N} (p0 + (p1 − p0)·m/N) = N·p0 + (p1 − p0)·(N + 1)/2
  const priceMonthsSum = months * p.shmPrice + ((p.projectedShmPrice - p.shmPrice) * (months + 1)) / 2;
  const totalEarningsAfterMonths = maxNodes * (monthlySHM * priceMonthsSum - p.nodeCostPerMonth * months);
  const stakingGains = maxNodes * p.shmStake * (p.projectedShmPrice - p.shmPrice);

  return {
    maxNodes,
    totalMonthlyEarnings: totalEarningsAfterMonths / months,
    totalEarningsAfterMonths,
    totalValue: p.investmentAmount + totalEarningsAfterMonths + stakingGains,
    stakingGains,
    priceAppreciationFactor: p.shmPrice > 0 ? p.projectedShmPrice / p.shmPrice : 1,
    monthlyProfitPerNode: monthlySHM * p.shmPrice - p.nodeCostPerMonth,
    monthly: monthlySeries(p, maxNodes, monthlySHM, rotationModel(p.activePeriodHours, share)),
  };
}
