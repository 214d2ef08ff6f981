import { useMutation, useQueryClient } from '@tanstack/react-query';
import { networkContract } from '@shm/contracts/network';
import { callApi } from '../../../lib/api-client';
import { NETWORK_DATA_QUERY_KEY } from './get-network-data';
import { NETWORK_HISTORY_QUERY_KEY } from './get-network-history';

/** POST /api/shardeum-network/refresh, then the network data is invalidated (spec §4). */
export const refreshNetworkData = () => callApi(networkContract.refresh);

export function useRefreshNetworkData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshNetworkData,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: NETWORK_DATA_QUERY_KEY }),
        // The poll a refresh starts lands in the history too.
        queryClient.invalidateQueries({ queryKey: NETWORK_HISTORY_QUERY_KEY }),
      ]),
  });
}
