import { DEFAULT_ACTIVE_PERIOD_HOURS, type CalculatorParams, type EconomicsResults, type ProjectionResults } from '@shm/contracts';
import type { FormulaValue, FormulaValues } from './formula';
import type { MethodologyInputs } from './query';

/** The hours of a 30-day month (docs/methodology.md, "Rules"). */
const HOURS_PER_MONTH = 24 * 30;

export interface MethodologyResults {
  economics?: EconomicsResults;
  projection?: ProjectionResults;
}

/**
 * Which reply a table's names refer to: the projection section reuses maxNodes, stakingGains, … for
 * its own results; the rotation section reads the network's live rotation figures.
 */
export type FormulaContext = 'economics' | 'projection' | 'rotation';

/** Every number (or boolean, or null) of a reply under its path; lists (sensitivity, the monthly series) are left out. */
export function flattenResults(source: object, prefix = ''): Record<string, FormulaValue> {
  const out: Record<string, FormulaValue> = {};
  for (const [key, value] of Object.entries(source) as [string, unknown][]) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'number' || typeof value === 'boolean' || value === null) out[name] = value;
    else if (value && typeof value === 'object' && !Array.isArray(value)) Object.assign(out, flattenResults(value, name));
  }
  return out;
}

/**
 * The doc's own shorthands, defined in its text: rewardPerMonth and share under "Rules", p0, p1 and
 * N under "Projection", periods under "Risk bands". They are the inputs restated, so the page fills
 * them in from the inputs.
 */
function shorthands(params: CalculatorParams, inputs: MethodologyInputs): Record<string, number> {
  const community = params.activeCommunityNodes + params.standbyNodes;
  const activePeriodHours = params.activePeriodHours ?? DEFAULT_ACTIVE_PERIOD_HOURS;
  return {
    rewardPerMonth: params.rewardPerHour * HOURS_PER_MONTH,
    share: community > 0 ? params.activeCommunityNodes / community : 0,
    p0: params.shmPrice,
    p1: inputs.projection.projectedShmPrice,
    N: inputs.projection.projectionMonths,
    // Not sent unless the address names it; the engine then uses its default, which the risk model's formulas show.
    activePeriodHours,
    periods: Math.max(1, Math.round(HOURS_PER_MONTH / activePeriodHours)),
  };
}

/** The values a formula of `context` is shown with: inputs, shorthands and, when the API answered, results. */
export function formulaValues(inputs: MethodologyInputs, results: MethodologyResults, context: FormulaContext): FormulaValues {
  const params = inputs.params;
  const base: Record<string, FormulaValue> = { ...flattenResults(params), ...shorthands(params, inputs) };
  if (results.economics) Object.assign(base, flattenResults(results.economics));
  if (context === 'projection') {
    Object.assign(base, flattenResults(inputs.projection));
    if (results.projection) Object.assign(base, flattenResults(results.projection));
  }
  return base;
}
