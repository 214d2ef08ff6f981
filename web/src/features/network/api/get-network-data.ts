import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NetworkData } from '@shm/contracts';
import { networkContract } from '@shm/contracts/network';
import { NETWORK_REFETCH_MS, NETWORK_STALE_MS } from '../../../config/constants';
import { callApi, type ApiFetch } from '../../../lib/api-client';

export const NETWORK_ERROR_MESSAGE = 'Failed to load network data. Please try refreshing.';

/** GET /api/shardeum-network → its `data` (spec §3). */
export async function getNetworkData(signal?: AbortSignal, fetch?: ApiFetch): Promise<NetworkData> {
  return (await callApi(networkContract.data, { signal, fetch })).data;
}

export const NETWORK_DATA_QUERY_KEY = ['network-data'] as const;

/** Refetched every 5 minutes, fresh for 2 (spec §4). */
export const networkDataQueryOptions = () =>
  queryOptions({
    queryKey: NETWORK_DATA_QUERY_KEY,
    queryFn: ({ signal, meta }) => getNetworkData(signal, meta?.apiFetch),
    refetchInterval: NETWORK_REFETCH_MS,
    staleTime: NETWORK_STALE_MS,
  });

export const useNetworkData = () => useQuery(networkDataQueryOptions());
