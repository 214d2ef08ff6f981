import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NetworkChangesReply } from '@shm/contracts';
import { networkContract } from '@shm/contracts/network';
import { NETWORK_REFETCH_MS, NETWORK_STALE_MS } from '../../../config/constants';
import { callApi } from '../../../lib/api-client';

/** GET /api/shardeum-network/changes: the parameters in force (raw) and their latest changes. */
export const getNetworkChanges = (signal?: AbortSignal): Promise<NetworkChangesReply> => callApi(networkContract.changes, { signal });

export const useNetworkChanges = () =>
  useQuery(queryOptions({ queryKey: ['network-changes'], queryFn: ({ signal }) => getNetworkChanges(signal), refetchInterval: NETWORK_REFETCH_MS, staleTime: NETWORK_STALE_MS }));
