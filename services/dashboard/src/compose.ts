import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createMetrics, createServiceApp, type Logger, type Metrics, type ServiceApp } from '@shm/platform';
import { connectMongo, mongoReady } from '@shm/platform/mongo';
import { createRedis, followLatestEvent, redisReady } from '@shm/platform/redis';
import { createApp } from './app';
import { composeAlerts } from './compose-alerts';
import { dashboardRole, type DashboardConfig } from './config';
import type { Resolve } from './data-access/alert-target';
import { defaultProfileRepository } from './data-access/default-profile.repository';
import { networkNodesClient } from './data-access/network-nodes.client';
import { portfolioRepository } from './data-access/portfolio.repository';
import { profileRepository } from './data-access/profile.repository';
import { scenarioRepository } from './data-access/scenario.repository';
import { walletLock } from './data-access/wallet.lock';
import type { DashboardDomain } from './domain/deps';
import type { Clock } from './domain/ports';

export interface DashboardService {
  app: ServiceApp;
  metrics: Metrics;
  domain: DashboardDomain;
  close(): Promise<void>;
}

export interface ComposeOptions {
  now?: Clock;
  /** Record ids (tests give ids of their own; random UUIDs otherwise). */
  newId?: () => string;
  isShuttingDown?: () => boolean;
  /**
   * Consumer group names are per instance: every replica follows every flag and network change
   * (host and port unless given).
   */
  instance?: string;
  /** Event read blocking time (tests shorten it). */
  eventBlockMs?: number;
  /** How alert destination hosts are resolved (tests give fixed answers; the system resolver otherwise). */
  resolveHost?: Resolve;
}

/**
 * Builds the dashboard service from its configuration: MongoDB repositories, the per-wallet Redis
 * lock, the followers of `flags.changed` (the personalizedDashboard flag) and `network.updated` (the
 * live parameters of portfolio performance), the alerts (compose-alerts.ts: the `nodes.changed`
 * consumer and the delivery worker unless DASHBOARD_ROLE=api or WORKER_ENABLED=false), and the HTTP
 * app (with DASHBOARD_ROLE=worker only /healthz, /readyz and /metrics, labelled `dashboard-worker`).
 */
export async function composeDashboardService(config: DashboardConfig, logger: Logger, options: ComposeOptions = {}): Promise<DashboardService> {
  const instance = options.instance ?? `${hostname()}:${config.DASHBOARD_PORT}`;
  const redis = createRedis(config.REDIS_URL, 'client', logger);
  const events = createRedis(config.REDIS_URL, 'worker', logger);
  const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, logger);
  const role = dashboardRole(config);
  const metrics = createMetrics(role.api ? 'dashboard' : 'dashboard-worker', { logger });
  const follow = { logger, blockMs: options.eventBlockMs, metrics };
  const flags = await followLatestEvent(events, 'flags.changed', {
    ...follow,
    group: `dashboard-flags:${instance}`,
    onChange: ({ flags }) => logger.info({ personalizedDashboard: flags.personalizedDashboard }, 'dashboard flag'),
  });
  const network = await followLatestEvent(events, 'network.updated', { ...follow, group: `dashboard-network:${instance}` });
  const alerts = await composeAlerts(config, {
    producer: redis,
    events,
    mongo,
    metrics,
    logger,
    runWorker: role.worker,
    consumer: instance,
    eventBlockMs: options.eventBlockMs,
    resolve: options.resolveHost,
  });

  const domain: DashboardDomain = {
    profiles: await profileRepository(mongo),
    defaults: await defaultProfileRepository(mongo),
    portfolio: await portfolioRepository(mongo),
    scenarios: await scenarioRepository(mongo),
    lock: walletLock(redis, config.REDIS_KEY_PREFIX, { leaseMs: config.WALLET_LOCK_LEASE_MS, waitMs: config.WALLET_LOCK_WAIT_MS }, logger),
    network: { current: () => network.current()?.network },
    nodes: networkNodesClient(config.NETWORK_URL, config.NETWORK_LOOKUP_TIMEOUT_MS, logger),
    alerts: alerts.deps,
    now: options.now ?? (() => new Date()),
    newId: options.newId ?? randomUUID,
  };
  await alerts.start(domain);
  const readiness = { redis: redisReady(redis), mongo: mongoReady(mongo) };

  // DASHBOARD_ROLE=worker: the alerts only, with health and metrics over HTTP.
  const app = role.api
    ? createApp(domain, {
        logger,
        metrics,
        flag: { isOn: () => flags.current()?.flags.personalizedDashboard === true },
        internalSecret: config.INTERNAL_SECRET,
        readiness,
        isShuttingDown: options.isShuttingDown,
      })
    : createServiceApp({ name: 'dashboard', routes: [], logger, metrics, readiness, isShuttingDown: options.isShuttingDown });

  return {
    app,
    metrics,
    domain,
    async close() {
      await alerts.close();
      await flags.stop();
      await network.stop();
      await mongo.close();
      redis.disconnect();
      events.disconnect();
    },
  };
}
