import { ProjectionParamsSchema, type CalculatorParams, type ProjectionParams } from '@shm/contracts';
import { projectionRequest, type ProjectionField } from '../../../lib/calculation-query';
import { textToNumber, type NumericKind } from '../../../lib/input-filter';

export type { ProjectionField };
export type ProjectionInputs = Record<ProjectionField, string>;

/** Projection inputs (spec §2.4, §5: money fields one decimal point, months digits only). */
export const PROJECTION_FIELDS: { field: ProjectionField; label: string; kind: NumericKind }[] = [
  { field: 'investmentAmount', label: 'Investment Amount ($)', kind: 'decimal' },
  { field: 'projectionMonths', label: 'Projection Period (months)', kind: 'integer' },
  { field: 'projectedShmPrice', label: 'Target SHM Price ($)', kind: 'decimal' },
];

export type ProjectionErrors = Partial<Record<ProjectionField, string>>;

/** Messages for inputs the server would refuse (e.g. a period of 0 months); such inputs send nothing. */
export function validateProjectionInputs(inputs: ProjectionInputs): ProjectionErrors {
  const errors: ProjectionErrors = {};
  for (const { field } of PROJECTION_FIELDS) {
    const result = ProjectionParamsSchema.shape[field].safeParse(textToNumber(inputs[field]));
    if (!result.success) errors[field] = result.error.issues[0]?.message ?? 'Invalid value';
  }
  return errors;
}

/** The projection request: the three inputs plus the calculator parameters it depends on. */
export function buildProjectionParams(inputs: ProjectionInputs, params: CalculatorParams): ProjectionParams {
  return projectionRequest(params, {
    investmentAmount: textToNumber(inputs.investmentAmount),
    projectionMonths: textToNumber(inputs.projectionMonths),
    projectedShmPrice: textToNumber(inputs.projectedShmPrice),
  });
}
