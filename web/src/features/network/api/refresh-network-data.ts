import { useMutation, useQueryClient } from '@tanstack/react-query';
import { networkRoutes } from '@shm/contracts';
import { callApi } from '../../../lib/api-client';
import { NETWORK_DATA_QUERY_KEY } from './get-network-data';

/** POST /api/shardeum-network/refresh (reply ignored), then the network data is invalidated (spec §4). */
export const refreshNetworkData = () => callApi(networkRoutes.refresh, { body: {} });

export function useRefreshNetworkData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshNetworkData,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NETWORK_DATA_QUERY_KEY }),
  });
}
