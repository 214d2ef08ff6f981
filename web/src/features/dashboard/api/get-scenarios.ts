import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScenarioSummary } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** Names and dates only; a scenario's parameters and results come with getScenario. */
export async function getScenarios(address: string, signal?: AbortSignal): Promise<ScenarioSummary[]> {
  return (await callApi(dashboardContract.scenarios, { params: { address }, signal })).scenarios;
}

export const scenariosQueryOptions = (address: string) =>
  queryOptions({ queryKey: dashboardKeys.scenarios(address), queryFn: ({ signal }) => getScenarios(address, signal) });

export const useScenarios = (address: string) => useQuery(scenariosQueryOptions(address));
