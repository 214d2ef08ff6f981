import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_PATHS, ScenarioReplySchema, type Scenario } from '@shm/contracts';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** One scenario with the parameters and results it was saved with. */
export async function getScenario(address: string, id: string, signal?: AbortSignal): Promise<Scenario> {
  return ScenarioReplySchema.parse(await apiRequest(DASHBOARD_PATHS.scenario(address, id), { signal })).scenario;
}

export const scenarioQueryOptions = (address: string, id: string) =>
  queryOptions({ queryKey: dashboardKeys.scenario(address, id), queryFn: ({ signal }) => getScenario(address, id, signal) });

export const useScenario = (address: string, id: string) => useQuery(scenarioQueryOptions(address, id));
