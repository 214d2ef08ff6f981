import type { NetworkRefreshReply } from '@shm/contracts';
import { createMetrics, createServiceApp, unavailableErrors, type Logger, type Metrics, type ReadinessCheck, type ServiceApp } from '@shm/platform';
import type { NetworkHistoryStore, PriceStore, SnapshotStore } from './domain/ports';
import { historyRoutes } from './entry-points/http/history.routes';
import { networkRoutes } from './entry-points/http/network.routes';
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
  readiness?: Record<string, ReadinessCheck>;
  isShuttingDown?: () => boolean;
}

export function createApp(deps: NetworkDeps): ServiceApp {
  const jsonRoutes = [...networkRoutes(deps.snapshots, deps.refresh), ...priceRoutes(deps.prices, deps.priceStaleAfterMs)];
  const metrics = deps.metrics ?? createMetrics('network');
  const { history } = deps;
  return createServiceApp({ logger: deps.logger, metrics, readiness: deps.readiness, isShuttingDown: deps.isShuttingDown, jsonRoutes }, (app) => {
    if (!history) return;
    app.use(historyRoutes(history));
    app.use(unavailableErrors('The network history is unavailable right now; try again shortly'));
  });
}
