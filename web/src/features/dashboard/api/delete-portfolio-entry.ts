import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedReply } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export async function deletePortfolioEntry(address: string, id: string): Promise<DeletedReply> {
  return callApi(dashboardContract.deleteEntry, { params: { address, entryId: id } });
}

export function useDeletePortfolioEntry(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePortfolioEntry(address, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.portfolio(address) }),
  });
}
