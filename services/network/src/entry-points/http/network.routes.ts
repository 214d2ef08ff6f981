import { networkRoutes as routes, type NetworkDataReply, type NetworkRefreshReply } from '@shm/contracts';
import type { JsonRoute } from '@shm/platform';
import { getNetworkData } from '../../domain/get-network-data';
import type { SnapshotStore } from '../../domain/ports';

/** GET /api/shardeum-network answers from the cached snapshot; refresh hands the poll to the worker. */
export function networkRoutes(snapshots: SnapshotStore, refresh: () => Promise<NetworkRefreshReply>): JsonRoute[] {
  return [
    {
      ...routes.data,
      // The snapshot was checked against the contract when it was read from Redis.
      handle: async () => ({ data: await getNetworkData(snapshots) }) satisfies NetworkDataReply,
    },
    { ...routes.refresh, handle: () => refresh() },
  ];
}
