import { rewardPerMonth, type ProjectionMonth, type ProjectionParams } from '@shm/contracts';
import { Z_90, cornishFisherQuantile } from './binomial';
import type { RotationModel } from './rotation-model';

/**
 * The projection month by month (docs/methodology.md, "Monthly series"). Expected figures are the
 * economics' own; the P10/P90 of cumulative profit come from the distribution of Σ price_m × SHM_m,
 * a price-weighted sum of independent binomials (each month the fleet has n·N chances), whose mean,
 * variance and third cumulant add up month by month and give a Cornish–Fisher quantile — so the
 * whole series costs one pass however long it is.
 */
export function monthlySeries(params: ProjectionParams, maxNodes: number, monthlySHM: number, model: RotationModel): ProjectionMonth[] {
  const months = params.projectionMonths;
  const { opportunities: n, share } = model;
  const fleetSHM = maxNodes * monthlySHM;
  const fleetCost = maxNodes * params.nodeCostPerMonth;
  // SHM per active period, and the per-month cumulants of the fleet's active periods (in periods).
  const perPeriodSHM = rewardPerMonth(params.rewardPerHour) / n;
  const trials = n * maxNodes;
  const variance = trials * share * (1 - share);
  const thirdCumulant = variance * (1 - 2 * share);

  const series: ProjectionMonth[] = [];
  let value = 0;
  let fullValue = 0; // every node active all month: the most the fleet could sell
  let sumPrice2 = 0;
  let sumPrice3 = 0;
  for (let month = 1; month <= months; month++) {
    const price = params.shmPrice + ((params.projectedShmPrice - params.shmPrice) * month) / months;
    value += fleetSHM * price;
    fullValue += trials * perPeriodSHM * price;
    sumPrice2 += price * price;
    sumPrice3 += price * price * price;
    const costs = fleetCost * month;
    const valueVariance = perPeriodSHM * perPeriodSHM * variance * sumPrice2;
    const valueThirdCumulant = perPeriodSHM * perPeriodSHM * perPeriodSHM * thirdCumulant * sumPrice3;
    series.push({
      month,
      shm: fleetSHM,
      price,
      value: fleetSHM * price,
      cumulativeProfit: value - costs,
      cumulativeProfitP10: clamp(cornishFisherQuantile(value, valueVariance, valueThirdCumulant, -Z_90), fullValue) - costs,
      cumulativeProfitP90: clamp(cornishFisherQuantile(value, valueVariance, valueThirdCumulant, Z_90), fullValue) - costs,
    });
  }
  return series;
}

/** A quantile of what the fleet sells stays between nothing and every node active all the time. */
const clamp = (v: number, most: number) => Math.min(Math.max(v, 0), most);
