import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_PATHS, PortfolioEntryReplySchema, type PortfolioEntry, type UpdatePortfolioEntryRequest } from '@shm/contracts';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export async function updatePortfolioEntry(address: string, id: string, body: UpdatePortfolioEntryRequest): Promise<PortfolioEntry> {
  const reply = await apiRequest(DASHBOARD_PATHS.portfolioEntry(address, id), { method: 'PATCH', body });
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
