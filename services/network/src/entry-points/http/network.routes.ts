import { Router } from 'express';
import { NetworkDataReplySchema, NetworkRefreshReplySchema, type NetworkRefreshReply } from '@shm/contracts';
import { getNetworkData } from '../../domain/get-network-data';
import type { SnapshotStore } from '../../domain/ports';

/** GET /api/shardeum-network answers from Redis only; refresh hands the poll to the worker. */
export function networkRoutes(snapshots: SnapshotStore, refresh: () => Promise<NetworkRefreshReply>): Router {
  const router = Router();

  router.get('/api/shardeum-network', async (_req, res) => {
    res.json(NetworkDataReplySchema.parse({ data: await getNetworkData(snapshots) }));
  });

  router.post('/api/shardeum-network/refresh', async (_req, res) => {
    res.json(NetworkRefreshReplySchema.parse(await refresh()));
  });

  return router;
}
