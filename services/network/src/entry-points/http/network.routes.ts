import { networkContract, type NetworkRefreshReply } from '@shm/contracts';
import { handler, type RouteHandler } from '@shm/platform';
import { getNetworkData } from '../../domain/get-network-data';
import type { SnapshotStore } from '../../domain/ports';

/** GET /api/shardeum-network answers from the cached snapshot; refresh hands the poll to the worker. */
export const networkRoutes = (snapshots: SnapshotStore, refresh: () => Promise<NetworkRefreshReply>): RouteHandler[] => [
  handler(networkContract.data, async () => ({ data: await getNetworkData(snapshots) })),
  handler(networkContract.refresh, () => refresh()),
];
