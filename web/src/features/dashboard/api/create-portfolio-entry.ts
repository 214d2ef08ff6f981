import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePortfolioEntryRequest, PortfolioEntry } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export async function createPortfolioEntry(body: CreatePortfolioEntryRequest): Promise<PortfolioEntry> {
  return (await callApi(dashboardContract.createEntry, { body })).entry;
}

export function useCreatePortfolioEntry(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreatePortfolioEntryRequest, 'walletAddress'>) => createPortfolioEntry({ ...body, walletAddress: address }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.portfolio(address) }),
  });
}
