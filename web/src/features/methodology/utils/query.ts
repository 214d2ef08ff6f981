import {
  CALCULATOR_DEFAULTS,
  CalculatorParamsSchema,
  PROJECTION_DEFAULTS,
  ProjectionParamsSchema,
  type CalculatorParams,
  type ProjectionParams,
} from '@shm/contracts';

export type ProjectionInput = Pick<ProjectionParams, 'investmentAmount' | 'projectionMonths' | 'projectedShmPrice'>;

/** The calculation the page explains: the calculator's parameters and the projection's three inputs. */
export interface MethodologyInputs {
  params: CalculatorParams;
  projection: ProjectionInput;
}

/**
 * The calculator keeps its inputs in the address under these names (each parameter under its own
 * name; the projection's investment as `projectionInvestment`, since the planning one is a parameter).
 */
const PARAM_KEYS = Object.keys(CalculatorParamsSchema.shape) as (keyof CalculatorParams)[];
const PROJECTION_KEYS: [query: string, field: keyof ProjectionInput][] = [
  ['projectionInvestment', 'investmentAmount'],
  ['projectionMonths', 'projectionMonths'],
  ['projectedShmPrice', 'projectedShmPrice'],
];

/** A plain decimal number (an exponent allowed): no hex, no Infinity, no blanks, which Number() would take. */
const NUMBER_TEXT = /^\+?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

function read(query: URLSearchParams, key: string, schema: { safeParse(value: unknown): { success: boolean } }): number | undefined {
  const text = query.get(key);
  if (text === null || !NUMBER_TEXT.test(text)) return undefined;
  const value = Number(text);
  return schema.safeParse(value).success ? value : undefined;
}

/**
 * The inputs a query string carries over the calculator page's defaults; a value the API would
 * refuse is ignored (its default stays), as the calculator itself reads the address.
 */
export function readInputs(search: string): MethodologyInputs {
  const query = new URLSearchParams(search);
  const params: CalculatorParams = { ...CALCULATOR_DEFAULTS };
  for (const key of PARAM_KEYS) {
    const value = read(query, key, CalculatorParamsSchema.shape[key]);
    if (value !== undefined) params[key] = value;
  }
  const projection: ProjectionInput = { investmentAmount: params.investmentAmount, ...PROJECTION_DEFAULTS };
  for (const [key, field] of PROJECTION_KEYS) {
    const value = read(query, key, ProjectionParamsSchema.shape[field]);
    if (value !== undefined) projection[field] = value;
  }
  return { params, projection };
}

/** The projection request for these inputs (the calculator's parameters it depends on, plus its own three). */
export const projectionParamsOf = ({ params, projection }: MethodologyInputs): ProjectionParams => ({
  ...projection,
  shmPrice: params.shmPrice,
  shmStake: params.shmStake,
  nodeCostPerMonth: params.nodeCostPerMonth,
  rewardPerHour: params.rewardPerHour,
  totalNodes: params.totalNodes,
  activeCommunityNodes: params.activeCommunityNodes,
  standbyNodes: params.standbyNodes,
  ...(params.activePeriodHours === undefined ? {} : { activePeriodHours: params.activePeriodHours }),
});
