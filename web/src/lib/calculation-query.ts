import { CalculatorParamsSchema, ProjectionParamsSchema, type CalculatorParams, type ProjectionParams } from '@shm/contracts';

/** The projection's own three inputs (the rest of its request comes from the calculator's parameters). */
export type ProjectionField = 'investmentAmount' | 'projectionMonths' | 'projectedShmPrice';

/**
 * The calculator's inputs in the address, read by the calculator and by the methodology page (issue 9, shareable state). Each calculator parameter under
 * its own name (the form's, the planning inputs, and the values read from the network, so a link
 * reproduces the exact calculation), the three projection inputs, and the display currency (`cur`,
 * lib/currency.ts). Numbers are written as JavaScript prints them and read back through the contract's
 * own rules, field by field: a value the API would refuse is ignored and its default kept.
 */
export interface CalculatorInputs {
  params: Partial<CalculatorParams>;
  projection: Partial<Record<ProjectionField, number>>;
}

export const NO_INPUTS: CalculatorInputs = { params: {}, projection: {} };

type ParamKey = keyof CalculatorParams;
const PARAM_KEYS = Object.keys(CalculatorParamsSchema.shape) as ParamKey[];

/** Query names of the projection inputs (the investment has a name of its own: the planning one is a parameter). */
const PROJECTION_KEYS: [query: string, field: ProjectionField][] = [
  ['projectionInvestment', 'investmentAmount'],
  ['projectionMonths', 'projectionMonths'],
  ['projectedShmPrice', 'projectedShmPrice'],
];

/** A plain decimal number, optionally with an exponent: no hex, no `Infinity`, no blanks. */
const NUMBER_TEXT = /^\+?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

function readNumber(text: string | null, schema: { safeParse(value: unknown): { success: boolean; data?: unknown } }) {
  if (text === null || !NUMBER_TEXT.test(text)) return undefined;
  const parsed = schema.safeParse(Number(text));
  return parsed.success && typeof parsed.data === 'number' ? parsed.data : undefined;
}

/** The inputs a query string carries; invalid or missing ones are simply absent. */
export function parseInputs(search: string): CalculatorInputs {
  const query = new URLSearchParams(search);
  const params: Partial<Record<ParamKey, number>> = {};
  for (const key of PARAM_KEYS) {
    const value = readNumber(query.get(key), CalculatorParamsSchema.shape[key]);
    if (value !== undefined) params[key] = value;
  }
  const projection: CalculatorInputs['projection'] = {};
  for (const [key, field] of PROJECTION_KEYS) {
    const value = readNumber(query.get(key), ProjectionParamsSchema.shape[field]);
    if (value !== undefined) projection[field] = value;
  }
  return { params, projection };
}

/**
 * `search` with the calculator's keys replaced by `inputs` (in a fixed order); every other key (the
 * currency, anything a link brought along) stays as it was. Returns `?…`, or '' when nothing is left.
 */
export function writeInputs(inputs: CalculatorInputs, search: string): string {
  const query = new URLSearchParams(search);
  for (const key of PARAM_KEYS) query.delete(key);
  for (const [key] of PROJECTION_KEYS) query.delete(key);
  for (const key of PARAM_KEYS) {
    const value = inputs.params[key];
    if (value !== undefined) query.set(key, String(value));
  }
  for (const [key, field] of PROJECTION_KEYS) {
    const value = inputs.projection[field];
    if (value !== undefined) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The projection request: its three inputs plus the calculator parameters it depends on. */
export function projectionRequest(params: CalculatorParams, projection: Record<ProjectionField, number>): ProjectionParams {
  return {
    ...projection,
    shmPrice: params.shmPrice,
    shmStake: params.shmStake,
    nodeCostPerMonth: params.nodeCostPerMonth,
    rewardPerHour: params.rewardPerHour,
    totalNodes: params.totalNodes,
    activeCommunityNodes: params.activeCommunityNodes,
    standbyNodes: params.standbyNodes,
    // The risk model's parameter, only when the visitor set one (the engine's default otherwise).
    ...(params.activePeriodHours === undefined ? {} : { activePeriodHours: params.activePeriodHours }),
  };
}
