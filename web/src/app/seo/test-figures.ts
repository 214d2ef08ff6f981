import { CALCULATOR_DEFAULTS, DEFAULT_ECONOMICS_RESULTS, type CalculatorParams, type EconomicsResults } from '@shm/contracts';
import type { CalculatorFigures } from './figures';

/** The calculator page's defaults (spec §3); what they give is DEFAULT_ECONOMICS_RESULTS (contracts, worked out by hand). */
export const DEFAULT_PARAMS: CalculatorParams = { ...CALCULATOR_DEFAULTS };

export { DEFAULT_ECONOMICS_RESULTS };

export const figuresOf = (params: Partial<CalculatorParams> = {}, results: Partial<EconomicsResults> = {}): CalculatorFigures => ({
  params: { ...DEFAULT_PARAMS, ...params },
  results: { ...DEFAULT_ECONOMICS_RESULTS, ...results },
});
