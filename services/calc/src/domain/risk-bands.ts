import { MAX_PROJECTION_MONTHS, type RiskBands } from '@shm/contracts';
import { Z_90, binomialQuantiles } from './binomial';
import type { RotationModel } from './rotation-model';

/** What the bands need besides the rotation model (all per the economics results). */
export interface BandInputs {
  rewardPerMonth: number;
  shmPrice: number;
  nodeCostPerMonth: number;
  maxNodes: number;
  targetEarnings: number;
  /** The expected time to target (null when the fleet never gets there). */
  timeToTarget: number | null;
}

const PERCENTILES = [0.1, 0.5, 0.9] as const;

/** P10 / P50 / P90 of one node's month and of the fleet's time to target. Pure. */
export function riskBands(model: RotationModel, inputs: BandInputs): RiskBands {
  const { opportunities: n, share } = model;
  const [k10, k50, k90] = binomialQuantiles(n, share, PERCENTILES) as [number, number, number];
  const [shm10, shm50, shm90] = [(inputs.rewardPerMonth * k10) / n, (inputs.rewardPerMonth * k50) / n, (inputs.rewardPerMonth * k90) / n];
  const cost = inputs.nodeCostPerMonth;
  return {
    activePeriodHours: model.activePeriodHours,
    monthlySHM: { p10: shm10, p50: shm50, p90: shm90 },
    monthlyProfit: { p10: shm10 * inputs.shmPrice - cost, p50: shm50 * inputs.shmPrice - cost, p90: shm90 * inputs.shmPrice - cost },
    timeToTarget: timeToTargetBand(model, inputs),
  };
}

/**
 * Months until the fleet's cumulative profit reaches the target, at the fleet's P90 (early end),
 * median and P10 (late end) of luck. Over t months the maxNodes nodes have n·N·t independent
 * chances, so their active periods are Binomial(n·N·t, share); its Cornish–Fisher quantile
 * makes the profit quantile A·t + B·√t + D, a quadratic in √t solved in closed form.
 */
function timeToTargetBand(model: RotationModel, inputs: BandInputs): RiskBands['timeToTarget'] {
  if (inputs.maxNodes === 0) return { p10: null, p50: null, p90: null };
  // A zero target is reached at once, exactly when the expected answer says so.
  if (inputs.targetEarnings <= 0) return { p10: inputs.timeToTarget, p50: inputs.timeToTarget, p90: inputs.timeToTarget };
  const { opportunities: n, share: p } = model;
  const perPeriodUSD = (inputs.rewardPerMonth * inputs.shmPrice) / n;
  const trialsPerMonth = n * inputs.maxNodes;
  const degenerate = p >= 1;
  const slope = inputs.maxNodes * (inputs.rewardPerMonth * p * inputs.shmPrice - inputs.nodeCostPerMonth);
  const spread = perPeriodUSD * Math.sqrt(trialsPerMonth * p * (1 - p));
  const skew = degenerate ? 0 : (perPeriodUSD * (1 - 2 * p)) / 6;

  const target = inputs.targetEarnings;
  const early = firstReach(slope, Z_90 * spread, skew * (Z_90 * Z_90 - 1) - target);
  const median = firstReach(slope, 0, -skew - target);
  const late = firstReach(slope, -Z_90 * spread, skew * (Z_90 * Z_90 - 1) - target);
  // True quantiles are ordered; the approximation can swap nearly equal ones in degenerate corners.
  const [p10, p50, p90] = [early, median, late].sort(byTimeNeverLast);
  return { p10: withinHorizon(p10 ?? null), p50: withinHorizon(p50 ?? null), p90: withinHorizon(p90 ?? null) };
}

function byTimeNeverLast(first: number | null, second: number | null): number {
  if (first === null || second === null) return first === second ? 0 : first === null ? 1 : -1;
  return first - second;
}

function withinHorizon(months: number | null): number | null {
  return months !== null && months <= MAX_PROJECTION_MONTHS ? months : null;
}

/** Smallest t ≥ 0 with perMonth·t + perRootMonth·√t + atStart ≥ 0 (null when none): a quadratic in x = √t. */
function firstReach(perMonth: number, perRootMonth: number, atStart: number): number | null {
  if (atStart >= 0) return 0;
  if (perMonth === 0) return perRootMonth > 0 ? (-atStart / perRootMonth) ** 2 : null;
  const disc = perRootMonth * perRootMonth - 4 * perMonth * atStart;
  if (disc < 0) return null;
  const root = Math.sqrt(disc);
  // With atStart < 0 this is, for perMonth > 0, the one positive root, and for perMonth < 0 the smaller of two (a lucky
  // fleet that gets there before its costs win); negative when the two are (then never).
  const x = (-perRootMonth + root) / (2 * perMonth);
  if (!(x >= 0) || !Number.isFinite(x)) return null;
  return x * x;
}
