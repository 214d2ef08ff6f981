import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveDefaultsReply } from '@shm/contracts';
import { calcContract } from '@shm/contracts/calc';
import { NETWORK_REFETCH_MS, NETWORK_STALE_MS } from '../../../config/constants';
import { callApi, type ApiFetch } from '../../../lib/api-client';

/** GET /api/calculations/live-defaults: calc's parameters from the latest network snapshot. */
export async function getLiveDefaults(signal?: AbortSignal, fetch?: ApiFetch): Promise<LiveDefaultsReply> {
  return callApi(calcContract.liveDefaults, { signal, fetch });
}

/** Network data is refetched every 5 minutes and fresh for 2 (spec §4, §9). */
export const liveDefaultsQueryOptions = (enabled = true) =>
  queryOptions({
    enabled,
    queryKey: ['live-defaults'],
    queryFn: ({ signal, meta }) => getLiveDefaults(signal, meta?.apiFetch),
    refetchInterval: NETWORK_REFETCH_MS,
    staleTime: NETWORK_STALE_MS,
  });

export const useLiveDefaultsQuery = (enabled = true) => useQuery(liveDefaultsQueryOptions(enabled));
