import { Router } from 'express';
import { networkContract } from '@shm/contracts';
import { mountRoute, parseWith } from '@shm/platform';
import { lookUpNodes } from '../../domain/look-up-nodes';
import type { NodeStateStore } from '../../domain/node-ports';

/** POST /api/shardeum-network/nodes: node states from MongoDB, so it rides on express (503 when MongoDB is away). */
export function nodeRoutes(states: NodeStateStore, retentionDays: number, now: () => Date = () => new Date()): Router {
  const router = Router();
  mountRoute(router, networkContract.nodes, async (req, res) => {
    const { publicKeys } = parseWith(networkContract.nodes.body, req.body);
    res.json(networkContract.nodes.reply.parse(await lookUpNodes(states, publicKeys, retentionDays, now())));
  });
  return router;
}
