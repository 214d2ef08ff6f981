import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardRoutes, ScenarioReplySchema, type SaveScenarioRequest, type Scenario } from '@shm/contracts';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** Parameters and results are checked by the server against the calculation contracts. */
export async function saveScenario(body: SaveScenarioRequest): Promise<Scenario> {
  return ScenarioReplySchema.parse(await callApi(dashboardRoutes.saveScenario, { body })).scenario;
}

export function useSaveScenario(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<SaveScenarioRequest, 'walletAddress'>) => saveScenario({ ...body, walletAddress: address }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.scenarios(address) }),
  });
}
