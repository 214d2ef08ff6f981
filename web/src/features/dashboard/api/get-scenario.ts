import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Scenario } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** One scenario with the parameters and results it was saved with. */
export async function getScenario(address: string, id: string, signal?: AbortSignal): Promise<Scenario> {
  return (await callApi(dashboardContract.scenario, { params: { address, scenarioId: id }, signal })).scenario;
}

export const scenarioQueryOptions = (address: string, id: string) =>
  queryOptions({ queryKey: dashboardKeys.scenario(address, id), queryFn: ({ signal }) => getScenario(address, id, signal) });

export const useScenario = (address: string, id: string) => useQuery(scenarioQueryOptions(address, id));
