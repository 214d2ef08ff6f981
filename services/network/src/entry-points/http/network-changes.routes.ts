import { networkContract } from '@shm/contracts';
import { handler, type RouteHandler } from '@shm/platform';
import { networkChanges, type NetworkChangeStore } from '../../domain/watch-network';

/** GET /api/shardeum-network/changes, read from MongoDB (503 when it is away). */
export const networkChangesRoutes = (store: NetworkChangeStore): RouteHandler[] => [
  handler(networkContract.changes, () => networkChanges(store), {
    unavailable: 'The network changes are unavailable right now; try again shortly',
  }),
];
