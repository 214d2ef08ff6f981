import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardRoutes, PortfolioEntryReplySchema, type CreatePortfolioEntryRequest, type PortfolioEntry } from '@shm/contracts';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export async function createPortfolioEntry(body: CreatePortfolioEntryRequest): Promise<PortfolioEntry> {
  return PortfolioEntryReplySchema.parse(await callApi(dashboardRoutes.createEntry, { body })).entry;
}

export function useCreatePortfolioEntry(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreatePortfolioEntryRequest, 'walletAddress'>) => createPortfolioEntry({ ...body, walletAddress: address }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.portfolio(address) }),
  });
}
