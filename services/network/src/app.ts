import type { NetworkRefreshReply } from '@shm/contracts';
import { createServiceApp, type Logger, type ReadinessCheck, type ServiceApp } from '@shm/platform';
import type { PriceStore, SnapshotStore } from './domain/ports';
import { networkRoutes } from './entry-points/http/network.routes';
import { priceRoutes } from './entry-points/http/price.routes';

export interface NetworkDeps {
  logger: Logger;
  snapshots: SnapshotStore;
  prices: PriceStore;
  /** The refresh use case, wired to the shared lock and the polling queue. */
  refresh: () => Promise<NetworkRefreshReply>;
  /** A price older than this is served with `stale: true`. */
  priceStaleAfterMs: number;
  readiness?: Record<string, ReadinessCheck>;
  isShuttingDown?: () => boolean;
}

export function createApp(deps: NetworkDeps): ServiceApp {
  const jsonRoutes = [...networkRoutes(deps.snapshots, deps.refresh), ...priceRoutes(deps.prices, deps.priceStaleAfterMs)];
  return createServiceApp({ logger: deps.logger, readiness: deps.readiness, isShuttingDown: deps.isShuttingDown, jsonRoutes }, () => {});
}
