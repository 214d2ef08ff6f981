import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createMetrics, type Logger, type Metrics, type ServiceApp } from '@shm/platform';
import { connectMongo, mongoReady } from '@shm/platform/mongo';
import { createRedis, followLatestEvent, keyedLock, redisReady } from '@shm/platform/redis';
import { createApp } from './app';
import type { DashboardConfig } from './config';
import { defaultProfileRepository } from './data-access/default-profile.repository';
import { networkNodesClient } from './data-access/network-nodes.client';
import { nodeLinksRepository } from './data-access/node-links.repository';
import { portfolioRepository } from './data-access/portfolio.repository';
import { profileRepository } from './data-access/profile.repository';
import { scenarioRepository } from './data-access/scenario.repository';
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
}

/**
 * Builds the dashboard service from its configuration: MongoDB repositories, the per-wallet Redis
 * lock, the followers of `flags.changed` (the personalizedDashboard flag) and `network.updated` (the
 * live parameters of portfolio performance), and the HTTP app (with the internal watchers route the
 * alerts service asks: services/alerts).
 */
export async function composeDashboardService(config: DashboardConfig, logger: Logger, options: ComposeOptions = {}): Promise<DashboardService> {
  const instance = options.instance ?? `${hostname()}:${config.DASHBOARD_PORT}`;
  const redis = createRedis(config.REDIS_URL, 'client', logger);
  const events = createRedis(config.REDIS_URL, 'worker', logger);
  const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, logger);
  const metrics = createMetrics('dashboard', { logger });
  const follow = { logger, blockMs: options.eventBlockMs, metrics };
  const flags = await followLatestEvent(events, 'flags.changed', {
    ...follow,
    group: `dashboard-flags:${instance}`,
    onChange: ({ flags }) => logger.info({ personalizedDashboard: flags.personalizedDashboard }, 'dashboard flag'),
  });
  const network = await followLatestEvent(events, 'network.updated', { ...follow, group: `dashboard-network:${instance}` });
  const lockOptions = { leaseMs: config.WALLET_LOCK_LEASE_MS, waitMs: config.WALLET_LOCK_WAIT_MS };
  // A node's links are written under a lock of their own, taken inside the wallet's (node-links.repository.ts).
  const links = nodeLinksRepository(mongo, keyedLock(redis, `${config.REDIS_KEY_PREFIX}node-link:`, lockOptions, logger), logger);
  const domain: DashboardDomain = {
    profiles: await profileRepository(mongo),
    defaults: await defaultProfileRepository(mongo),
    portfolio: await portfolioRepository(mongo, links),
    scenarios: await scenarioRepository(mongo),
    // One Redis lock per wallet, shared with every replica (the platform's keyedLock; ports.ts: `held`).
    lock: keyedLock(redis, config.REDIS_KEY_PREFIX, lockOptions, logger),
    network: { current: () => network.current()?.network },
    nodes: networkNodesClient(config.NETWORK_URL, config.NETWORK_LOOKUP_TIMEOUT_MS, logger),
    now: options.now ?? (() => new Date()),
    newId: options.newId ?? randomUUID,
  };
  const app = createApp(domain, {
    logger,
    metrics,
    flag: { isOn: () => flags.current()?.flags.personalizedDashboard === true },
    internalSecret: config.INTERNAL_SECRET,
    readiness: { redis: redisReady(redis), mongo: mongoReady(mongo) },
    isShuttingDown: options.isShuttingDown,
  });

  return {
    app,
    metrics,
    domain,
    async close() {
      await flags.stop();
      await network.stop();
      await mongo.close();
      redis.disconnect();
      events.disconnect();
    },
  };
}
