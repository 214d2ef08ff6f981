import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardRoutes, PortfolioEntryReplySchema, type PortfolioEntry, type UpdatePortfolioEntryRequest } from '@shm/contracts';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export async function updatePortfolioEntry(address: string, id: string, body: UpdatePortfolioEntryRequest): Promise<PortfolioEntry> {
  const reply = await callApi(dashboardRoutes.updateEntry, { params: { address, entryId: id }, body });
  return PortfolioEntryReplySchema.parse(reply).entry;
}

export function useUpdatePortfolioEntry(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Omit<UpdatePortfolioEntryRequest, 'walletAddress'> }) =>
      updatePortfolioEntry(address, id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.portfolio(address) }),
  });
}
