import { queryOptions, useQuery } from '@tanstack/react-query';
import { repricedParams, type NetworkChange, type Scenario } from '@shm/contracts';
import { calcContract } from '@shm/contracts/calc';
import { networkContract } from '@shm/contracts/network';
import { NETWORK_REFETCH_MS, NETWORK_STALE_MS } from '../../../config/constants';
import { callApi } from '../../../lib/api-client';

/** GET /api/shardeum-network/changes: the network's parameters in force and their latest changes. */
export const networkChangesQueryOptions = () =>
  queryOptions({
    queryKey: ['network-changes'],
    queryFn: ({ signal }) => callApi(networkContract.changes, { signal }),
    refetchInterval: NETWORK_REFETCH_MS,
    staleTime: NETWORK_STALE_MS,
  });

export const useNetworkChanges = () => useQuery(networkChangesQueryOptions());

/**
 * A saved scenario's figures under a network change: its parameters re-priced (contracts
 * `repricedParams`) and calculated by the calculator itself (POST /api/calculations/economics).
 */
export const repricedResultsQueryOptions = (scenario: Scenario | undefined, change: NetworkChange, walletAddress: string) =>
  queryOptions({
    queryKey: ['calculations', 'repriced', walletAddress, scenario?.id, change.id],
    enabled: scenario !== undefined,
    queryFn: async ({ signal }) => {
      if (!scenario) throw new Error('no scenario');
      const params = repricedParams(scenario.parameters, change);
      return { params, results: (await callApi(calcContract.economics, { body: { params, walletAddress }, signal })).results };
    },
  });
