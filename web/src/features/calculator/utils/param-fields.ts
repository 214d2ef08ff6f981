import { CalculatorParamsSchema, type CalculatorParams } from '@shm/contracts';
import type { NumericKind } from '../../../lib/input-filter';

/**
 * Parameters a visitor types in (activeNodes and circulatingSupply come from network data;
 * activePeriodHours, the risk model's parameter, has no field yet and takes the service's default).
 */
export type ParamField = Exclude<keyof CalculatorParams, 'activeNodes' | 'circulatingSupply' | 'activePeriodHours'>;

export interface ParamFieldSpec {
  field: ParamField;
  label: string;
  kind: NumericKind;
}

/** Labels (spec §2.2, §2.4) and filtering (spec §5: counts, stake and supply digits only). */
export const NETWORK_FIELDS: ParamFieldSpec[] = [
  { field: 'totalNodes', label: 'Total Nodes', kind: 'integer' },
  { field: 'activeCommunityNodes', label: 'Active Community Nodes', kind: 'integer' },
  { field: 'standbyNodes', label: 'Standby Nodes', kind: 'integer' },
];

export const ECONOMIC_FIELDS: ParamFieldSpec[] = [
  { field: 'rewardPerHour', label: 'Reward Per Hour (SHM)', kind: 'decimal' },
  { field: 'nodeCostPerMonth', label: 'Node Cost Per Month ($)', kind: 'decimal' },
  { field: 'shmPrice', label: 'SHM Price ($)', kind: 'decimal' },
  { field: 'shmStake', label: 'SHM Stake', kind: 'integer' },
];

export const SUPPLY_FIELDS: ParamFieldSpec[] = [{ field: 'totalSupply', label: 'Total Supply (SHM)', kind: 'integer' }];

export const PLANNING_FIELDS: ParamFieldSpec[] = [
  { field: 'investmentAmount', label: 'Investment Amount ($)', kind: 'decimal' },
  { field: 'targetEarnings', label: 'Target Earnings ($)', kind: 'decimal' },
  { field: 'targetTimeframe', label: 'Target Timeframe (months)', kind: 'integer' },
  { field: 'targetShmPrice', label: 'Target SHM Price ($)', kind: 'decimal' },
];

/** The message for a value outside the contract's rules (minimums per spec §5), or null when valid. */
export function validateParam(field: ParamField, value: number): string | null {
  const result = CalculatorParamsSchema.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}
