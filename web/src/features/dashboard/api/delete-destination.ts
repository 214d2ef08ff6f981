import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedReply } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export async function deleteDestination(id: string): Promise<DeletedReply> {
  return callApi(dashboardContract.deleteDestination, { params: { id } });
}

export function useDeleteDestination(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteDestination(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.alerts(address) }),
  });
}
