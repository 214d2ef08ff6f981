import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PortfolioEntry, UpdatePortfolioEntryRequest } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export async function updatePortfolioEntry(address: string, id: string, body: UpdatePortfolioEntryRequest): Promise<PortfolioEntry> {
  return (await callApi(dashboardContract.updateEntry, { params: { address, entryId: id }, body })).entry;
}

export function useUpdatePortfolioEntry(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Omit<UpdatePortfolioEntryRequest, 'walletAddress'> }) =>
      updatePortfolioEntry(address, id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.portfolio(address) }),
  });
}
