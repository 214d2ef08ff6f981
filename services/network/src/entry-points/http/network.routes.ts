import { Router } from 'express';
import { NetworkRefreshReplySchema, type NetworkDataReply, type NetworkRefreshReply } from '@shm/contracts';
import { getNetworkData } from '../../domain/get-network-data';
import type { SnapshotStore } from '../../domain/ports';

/** GET /api/shardeum-network answers from Redis only; refresh hands the poll to the worker. */
export function networkRoutes(snapshots: SnapshotStore, refresh: () => Promise<NetworkRefreshReply>): Router {
  const router = Router();

  router.get('/api/shardeum-network', async (_req, res) => {
    // The snapshot was checked against the contract when it was read from Redis.
    res.json({ data: await getNetworkData(snapshots) } satisfies NetworkDataReply);
  });

  router.post('/api/shardeum-network/refresh', async (_req, res) => {
    res.json(NetworkRefreshReplySchema.parse(await refresh()));
  });

  return router;
}
