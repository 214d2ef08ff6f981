import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedReply } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export async function deleteScenario(address: string, id: string): Promise<DeletedReply> {
  return callApi(dashboardContract.deleteScenario, { params: { address, scenarioId: id } });
}

export function useDeleteScenario(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteScenario(address, id),
    onSuccess: async (_reply, id) => {
      // The deleted scenario's details must not be served from the cache if the id is seen again.
      queryClient.removeQueries({ queryKey: dashboardKeys.scenario(address, id) });
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.scenarios(address) });
    },
  });
}
