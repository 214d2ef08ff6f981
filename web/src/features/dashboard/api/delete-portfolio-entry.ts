import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardRoutes, DeletedReplySchema, type DeletedReply } from '@shm/contracts';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export async function deletePortfolioEntry(address: string, id: string): Promise<DeletedReply> {
  return DeletedReplySchema.parse(await callApi(dashboardRoutes.deleteEntry, { params: { address, entryId: id } }));
}

export function useDeletePortfolioEntry(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePortfolioEntry(address, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.portfolio(address) }),
  });
}
