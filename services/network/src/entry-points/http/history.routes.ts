import { networkContract } from '@shm/contracts';
import { handler, type RouteHandler } from '@shm/platform';
import { getNetworkHistory } from '../../domain/get-network-history';
import type { NetworkHistoryStore } from '../../domain/ports';

/** GET /api/shardeum-network/history, read from MongoDB (503 when it is away). */
export const historyRoutes = (history: NetworkHistoryStore, now: () => Date = () => new Date()): RouteHandler[] => [
  handler(networkContract.history, ({ query }) => getNetworkHistory(history, query, now()), {
    unavailable: 'The network history is unavailable right now; try again shortly',
  }),
];
