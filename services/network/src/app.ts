import type { NetworkRefreshReply } from '@shm/contracts';
import { createServiceApp, type AppDeps, type ServiceApp } from '@shm/platform';
import { nodeMoneyRoutes, type NodeMoneyUseCase } from './node-money/compose';
import { nodeRoutes } from './node-tracking/compose';
import type { NodeStateStore } from './node-tracking/ports';
import type { NetworkHistoryStore, PriceStore, SnapshotStore } from './domain/ports';
import type { NetworkChangeStore } from './domain/watch-network';
import { historyRoutes } from './entry-points/http/history.routes';
import { networkChangesRoutes } from './entry-points/http/network-changes.routes';
import { networkRoutes } from './entry-points/http/network.routes';
import { priceRoutes } from './entry-points/http/price.routes';

/** What network's routes read and call. */
export interface NetworkUseCases {
  snapshots: SnapshotStore;
  prices: PriceStore;
  /** The refresh use case, wired to the shared lock and the polling queue. */
  refresh: () => Promise<NetworkRefreshReply>;
  /** The network's history (MongoDB); its route is served only when given. */
  history?: NetworkHistoryStore;
  /** The node tracker's states (MongoDB) and how long ended active periods are shown; the lookup is served only when given. */
  nodes?: { states: NodeStateStore; retentionDays: number };
  /** A node's money on the chain (node-money/); served only when given. */
  money?: NodeMoneyUseCase;
  /** The network watch's records (MongoDB); its route is served only when given. */
  changes?: NetworkChangeStore;
}

export interface NetworkAppDeps extends AppDeps {
  /** A price older than this is served with `stale: true`. */
  priceStaleAfterMs: number;
}

/** Network's HTTP surface only; compose.ts builds what it calls. */
export function createApp(useCases: NetworkUseCases, deps: NetworkAppDeps): ServiceApp {
  const { history, nodes, money, changes } = useCases;
  const routes = [
    ...networkRoutes(useCases.snapshots, useCases.refresh),
    ...priceRoutes(useCases.prices, deps.priceStaleAfterMs),
    ...(history ? historyRoutes(history) : []),
    ...(nodes ? nodeRoutes(nodes.states, nodes.retentionDays) : []),
    ...(money ? nodeMoneyRoutes(money) : []),
    ...(changes ? networkChangesRoutes(changes) : []),
  ];
  return createServiceApp({ ...deps, name: 'network', routes });
}
