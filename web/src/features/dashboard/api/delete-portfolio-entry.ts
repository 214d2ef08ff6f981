import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_PATHS, DeletedReplySchema, type DeletedReply } from '@shm/contracts';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export async function deletePortfolioEntry(address: string, id: string): Promise<DeletedReply> {
  return DeletedReplySchema.parse(await apiRequest(DASHBOARD_PATHS.portfolioEntry(address, id), { method: 'DELETE' }));
}

export function useDeletePortfolioEntry(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePortfolioEntry(address, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.portfolio(address) }),
  });
}
