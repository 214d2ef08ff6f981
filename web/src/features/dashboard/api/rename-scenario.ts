import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Scenario } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export async function renameScenario(address: string, id: string, scenarioName: string): Promise<Scenario> {
  return (await callApi(dashboardContract.renameScenario, { params: { address, scenarioId: id }, body: { scenarioName, walletAddress: address } })).scenario;
}

export function useRenameScenario(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, scenarioName }: { id: string; scenarioName: string }) => renameScenario(address, id, scenarioName),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.scenarios(address) }),
  });
}
