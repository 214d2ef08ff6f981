import { createMetrics, createServiceApp, type Logger, type Metrics, type ServiceApp } from '@shm/platform';
import { startHandlers } from '@shm/platform/jobs';
import { connectMongo, mongoReady } from '@shm/platform/mongo';
import { createRedis, redisReady } from '@shm/platform/redis';
import type { NetworkConfig } from '../config';
import { archiverClient } from '../data-access/archiver.client';
import { cycleHistoryRepository } from '../data-access/cycle-history.repository';
import { minimumVersionsOf } from '../data-access/network-changes.repository';
import { snapshotRepository } from '../data-access/snapshot.repository';
import { archiverDirectory } from '../domain/archiver-directory';
import { composeNodeTracking } from './compose';
import { agreeingArchivers } from './data-access/agreeing-archivers';
import type { TrackRun } from './domain/track-nodes';
import { nodeTrackingJobs } from './entry-points/queue/node-tracking.worker';

export interface NodeTrackingService {
  app: ServiceApp;
  metrics: Metrics;
  trackNodesNow(): Promise<TrackRun>;
  close(): Promise<void>;
}

/**
 * Node tracking as its own process (docs/my-nodes.md): the tracking worker of the node-tracking
 * queue the network's polls fill, over the network's stored cycles and archivers, publishing
 * `nodes.changed`. Same package and image as the network service, its own entry (main.ts) and port;
 * over HTTP only /healthz, /readyz and /metrics (`service="node-tracking"`).
 */
export async function composeNodeTrackingService(config: NetworkConfig, logger: Logger, options: { isShuttingDown?: () => boolean } = {}): Promise<NodeTrackingService> {
  const prefix = config.REDIS_KEY_PREFIX;
  const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, logger);
  const redis = createRedis(config.REDIS_URL, 'client', logger);
  const workerRedis = createRedis(config.REDIS_URL, 'worker', logger);
  const metrics = createMetrics('node-tracking', { logger });
  const limits = { timeoutMs: config.UPSTREAM_TIMEOUT_MS, maxBytes: config.UPSTREAM_MAX_BYTES };
  const archiver = archiverClient(limits, { hashKey: config.ARCHIVER_HASH_KEY, requestSecretKey: config.ARCHIVER_REQUEST_SECRET_KEY });
  const directory = archiverDirectory({ seeds: config.ARCHIVER_URLS, archiver, discovery: config.ARCHIVER_DISCOVERY, refreshMs: 10 * config.NETWORK_POLL_MS, logger });
  const tracking = await composeNodeTracking(config, {
    mongo,
    redis,
    history: await cycleHistoryRepository(mongo),
    directory,
    archiver,
    snapshots: snapshotRepository(redis, prefix),
    agreeing: agreeingArchivers(redis, prefix),
    minimums: minimumVersionsOf(mongo),
    metrics,
    logger,
  });
  // A run can outlast the shutdown budget: after 3 s it is left unfinished, taken over as stalled by a
  // live worker (runs are idempotent).
  const worker = config.POLLING_ENABLED
    ? await startHandlers({ redis: workerRedis, prefix: `${prefix}bull`, logger, metrics, handlers: nodeTrackingJobs(tracking.trackNow), stopTimeoutMs: 3000 })
    : undefined;
  const app = createServiceApp({
    name: 'node-tracking',
    routes: [],
    logger,
    metrics,
    readiness: { redis: redisReady(redis), mongo: mongoReady(mongo) },
    isShuttingDown: options.isShuttingDown,
  });
  return {
    app,
    metrics,
    trackNodesNow: tracking.trackNow,
    async close() {
      await worker?.stop();
      redis.disconnect();
      workerRedis.disconnect();
      await mongo.close();
    },
  };
}
