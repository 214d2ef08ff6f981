import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryRange, NetworkHistoryReply } from '@shm/contracts';
import { networkContract } from '@shm/contracts/network';
import { NETWORK_REFETCH_MS, NETWORK_STALE_MS } from '../../../config/constants';
import { callApi, type ApiFetch } from '../../../lib/api-client';

/** GET /api/shardeum-network/history?range=…: the network's history in buckets, oldest first. */
export async function getNetworkHistory(range: HistoryRange, signal?: AbortSignal, fetch?: ApiFetch): Promise<NetworkHistoryReply> {
  return callApi(networkContract.history, { query: { range }, signal, fetch });
}

export const NETWORK_HISTORY_QUERY_KEY = ['network-history'] as const;

/** The network data's timings (spec §4): refetched every 5 minutes, fresh for 2. */
export const networkHistoryQueryOptions = (range: HistoryRange) =>
  queryOptions({
    queryKey: [...NETWORK_HISTORY_QUERY_KEY, range],
    queryFn: ({ signal, meta }) => getNetworkHistory(range, signal, meta?.apiFetch),
    refetchInterval: NETWORK_REFETCH_MS,
    staleTime: NETWORK_STALE_MS,
    // A range switch keeps the charts of the last range on screen until the new one arrives, so the card does not jump.
    placeholderData: keepPreviousData,
  });

export const useNetworkHistory = (range: HistoryRange) => useQuery(networkHistoryQueryOptions(range));
