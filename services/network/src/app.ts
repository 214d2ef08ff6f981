import type { NetworkRefreshReply } from '@shm/contracts';
import { createMetrics, createServiceApp, unavailableErrors, type Logger, type Metrics, type ReadinessCheck, type ServiceApp } from '@shm/platform';
import type { NodeStateStore } from './domain/node-ports';
import type { NetworkHistoryStore, PriceStore, SnapshotStore } from './domain/ports';
import { historyRoutes } from './entry-points/http/history.routes';
import { networkRoutes } from './entry-points/http/network.routes';
import { nodeRoutes } from './entry-points/http/nodes.routes';
import { priceRoutes } from './entry-points/http/price.routes';

export interface NetworkDeps {
  logger: Logger;
  /** The process's metrics (a registry of its own when not given). */
  metrics?: Metrics;
  snapshots: SnapshotStore;
  prices: PriceStore;
  /** The refresh use case, wired to the shared lock and the polling queue. */
  refresh: () => Promise<NetworkRefreshReply>;
  /** A price older than this is served with `stale: true`. */
  priceStaleAfterMs: number;
  /** The network's history (MongoDB); its route is mounted only when given. */
  history?: NetworkHistoryStore;
  /** The node tracker's states (MongoDB) and how long ended active periods are shown; the lookup is mounted only when given. */
  nodes?: { states: NodeStateStore; retentionDays: number };
  readiness?: Record<string, ReadinessCheck>;
  isShuttingDown?: () => boolean;
}

export function createApp(deps: NetworkDeps): ServiceApp {
  const jsonRoutes = [...networkRoutes(deps.snapshots, deps.refresh), ...priceRoutes(deps.prices, deps.priceStaleAfterMs)];
  const metrics = deps.metrics ?? createMetrics('network');
  const { history, nodes } = deps;
  return createServiceApp({ logger: deps.logger, metrics, readiness: deps.readiness, isShuttingDown: deps.isShuttingDown, jsonRoutes }, (app) => {
    // Each handler turns its own routes' datastore failures into a 503 with its own message.
    if (history) {
      app.use(historyRoutes(history));
      app.use(unavailableErrors('The network history is unavailable right now; try again shortly'));
    }
    if (nodes) {
      app.use(nodeRoutes(nodes.states, nodes.retentionDays));
      app.use(unavailableErrors('Node states are unavailable right now; try again shortly'));
    }
  });
}
