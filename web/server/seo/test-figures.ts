import { CALCULATOR_DEFAULTS, type CalculatorParams, type EconomicsResults } from '@shm/contracts';
import { DEFAULT_RESULTS } from '../../src/testing/default-results';
import type { CalculatorFigures } from './figures';

/** The calculator page's defaults (spec §3); what they give is DEFAULT_RESULTS (web/src/testing). */
export const DEFAULT_PARAMS: CalculatorParams = { ...CALCULATOR_DEFAULTS };

export { DEFAULT_RESULTS };

export const figuresOf = (params: Partial<CalculatorParams> = {}, results: Partial<EconomicsResults> = {}): CalculatorFigures => ({
  params: { ...DEFAULT_PARAMS, ...params },
  results: { ...DEFAULT_RESULTS, ...results },
});
