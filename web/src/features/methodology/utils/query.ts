import { CALCULATOR_DEFAULTS, PROJECTION_DEFAULTS, type CalculatorParams, type ProjectionParams } from '@shm/contracts';
import { parseInputs, projectionRequest, type ProjectionField } from '../../../lib/calculation-query';

export type ProjectionInput = Record<ProjectionField, number>;

/** The calculation the page explains: the calculator's parameters and the projection's three inputs. */
export interface MethodologyInputs {
  params: CalculatorParams;
  projection: ProjectionInput;
}

/**
 * The inputs a query string carries over the calculator page's defaults, read as the calculator
 * reads its address: a value the API would refuse is ignored (its default stays).
 */
export function readInputs(search: string): MethodologyInputs {
  const carried = parseInputs(search);
  const params: CalculatorParams = { ...CALCULATOR_DEFAULTS, ...carried.params };
  const projection: ProjectionInput = { investmentAmount: params.investmentAmount, ...PROJECTION_DEFAULTS, ...carried.projection };
  return { params, projection };
}

/** The projection request for these inputs. */
export const projectionParamsOf = ({ params, projection }: MethodologyInputs): ProjectionParams => projectionRequest(params, projection);
