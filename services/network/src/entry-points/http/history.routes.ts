import { Router } from 'express';
import { networkContract } from '@shm/contracts';
import { mountRoute, parseWith } from '@shm/platform';
import { getNetworkHistory } from '../../domain/get-network-history';
import type { NetworkHistoryStore } from '../../domain/ports';

/** GET /api/shardeum-network/history: read from MongoDB, so it rides on express rather than the lean path. */
export function historyRoutes(history: NetworkHistoryStore, now: () => Date = () => new Date()): Router {
  const router = Router();
  mountRoute(router, networkContract.history, async (req, res) => {
    const query = parseWith(networkContract.history.query, req.query);
    res.json(networkContract.history.reply.parse(await getNetworkHistory(history, query, now())));
  });
  return router;
}
