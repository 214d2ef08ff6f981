import { networkContract } from '@shm/contracts';
import { handler, type RouteHandler } from '@shm/platform';
import { lookUpNodes } from '../../domain/look-up-nodes';
import type { NodeStateStore } from '../../ports';

/** POST /api/shardeum-network/nodes: node states from MongoDB (503 when it is away). */
export const nodeRoutes = (states: NodeStateStore, retentionDays: number, now: () => Date = () => new Date()): RouteHandler[] => [
  handler(networkContract.nodes, ({ body: { publicKeys } }) => lookUpNodes(states, publicKeys, retentionDays, now()), {
    unavailable: 'Node states are unavailable right now; try again shortly',
  }),
];
