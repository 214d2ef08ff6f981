import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveScenarioRequest, Scenario } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** Parameters and results are checked by the server against the calculation contracts. */
export async function saveScenario(body: SaveScenarioRequest): Promise<Scenario> {
  return (await callApi(dashboardContract.saveScenario, { body })).scenario;
}

export function useSaveScenario(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<SaveScenarioRequest, 'walletAddress'>) => saveScenario({ ...body, walletAddress: address }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.scenarios(address) }),
  });
}
