import type { NetworkChange, NetworkData } from '@shm/contracts';
import { createMetrics, type Logger, type Metrics, type ServiceApp } from '@shm/platform';
import { createProducer, startHandlers } from '@shm/platform/jobs';
import { connectMongo, mongoReady } from '@shm/platform/mongo';
import { createRedis, publishEvent, redisReady } from '@shm/platform/redis';
import type { NetworkConfig } from './config';
import { archiverClient } from './data-access/archiver.client';
import { cachedPrices, cachedSnapshots } from './data-access/cached-stores';
import { cycleHistoryRepository } from './data-access/cycle-history.repository';
import { explorerClient } from './data-access/explorer.client';
import { networkHistoryRepository } from './data-access/network-history.repository';
import { minimumVersionsOf, networkChangesRepository } from './data-access/network-changes.repository';
import { networkIdentityRepository } from './data-access/network-identity.repository';
import { pollQueue } from './data-access/poll-queue';
import { priceClient } from './data-access/price.client';
import { priceRepository } from './data-access/price.repository';
import { refreshLockRepository } from './data-access/refresh-lock.repository';
import { rpcClient } from './data-access/rpc.client';
import { snapshotRepository } from './data-access/snapshot.repository';
import { archiverDirectory } from './domain/archiver-directory';
import { pollNetwork } from './domain/poll-network';
import { pollPrice, priceBackoff } from './domain/poll-price';
import { refreshNetwork } from './domain/refresh-network';
import { tapAccountWatch, watchNetwork } from './domain/watch-network';
import { composeNodeMoney } from './node-money/compose';
import { TRACKING_QUEUE, agreeingArchivers, composeNodeTracking, requestTracking, trackingQueue, type TrackRun } from './node-tracking/compose';
import { createApp } from './app';
import { archiverMetrics, networkMetrics } from './entry-points/metrics/network.metrics';
import { networkPollingJobs } from './entry-points/queue/network-polling.worker';

export interface NetworkService {
  app: ServiceApp;
  metrics: Metrics;
  /** Runs one network poll in this process (what the worker does on each job), then asks for a tracking run. */
  pollNetworkNow(): ReturnType<typeof pollNetwork>;
  /** Runs one node tracking run in this process (tests; the node-tracking process's worker runs them from its queue). */
  trackNodesNow(): Promise<TrackRun>;
  pollPriceNow(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Builds the network service from its configuration: Redis, the clients of the outside systems,
 * the use cases, the HTTP app and its metrics, and (when POLLING_ENABLED) the polling worker and its
 * schedules.
 */
export async function composeNetworkService(
  config: NetworkConfig,
  logger: Logger,
  options: { isShuttingDown?: () => boolean } = {},
): Promise<NetworkService> {
  const prefix = config.REDIS_KEY_PREFIX;
  // MongoDB first: when it cannot be reached, nothing else has been opened yet to leak.
  const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, logger);
  const redis = createRedis(config.REDIS_URL, 'client', logger);
  const workerRedis = createRedis(config.REDIS_URL, 'worker', logger);
  const bullPrefix = `${prefix}bull`;
  const limits = { timeoutMs: config.UPSTREAM_TIMEOUT_MS, maxBytes: config.UPSTREAM_MAX_BYTES };

  const storedSnapshots = snapshotRepository(redis, prefix);
  const snapshots = cachedSnapshots(storedSnapshots, config.SNAPSHOT_CACHE_MS);
  const prices = cachedPrices(priceRepository(redis, prefix), config.PRICE_CACHE_MS);
  const metrics = createMetrics('network', { logger });
  const outcomes = networkMetrics(metrics, storedSnapshots);
  const history = await cycleHistoryRepository(mongo);
  const networkHistory = await networkHistoryRepository(mongo, {
    rawRetentionHours: config.HISTORY_RAW_RETENTION_HOURS,
    hourlyRetentionDays: config.HISTORY_HOURLY_RETENTION_DAYS,
    logger,
  });
  const archiver = archiverClient(limits, { hashKey: config.ARCHIVER_HASH_KEY, requestSecretKey: config.ARCHIVER_REQUEST_SECRET_KEY });
  // The archiver list is read again every ten polls: archivers join and leave slowly.
  const directory = archiverDirectory({ seeds: config.ARCHIVER_URLS, archiver, discovery: config.ARCHIVER_DISCOVERY, refreshMs: 10 * config.NETWORK_POLL_MS, logger });
  // A failed poll is not retried: the next one runs on schedule. The polls ask for tracking runs on the
  // node-tracking queue (node-tracking/), worked by the node-tracking process.
  const jobs = createProducer({
    redis: workerRedis,
    prefix: bullPrefix,
    logger,
    queues: { networkPolling: { attempts: 1, keepCompleted: { age: 24 * 3600, count: 100 }, keepFailed: { age: 24 * 3600, count: 100 } }, nodeTracking: TRACKING_QUEUE },
  });
  const tracker = trackingQueue(jobs);
  const identity = await networkIdentityRepository(mongo, config.NETWORK, config.NETWORK_ID, logger);
  const reportVerdict = archiverMetrics(metrics);
  // The archivers that signed the last poll's final cycle, kept in Redis: the node tracker (its own
  // process, node-tracking/) reads node lists from them only. Written before the poll asks for a run.
  const agreeing = agreeingArchivers(redis, prefix);
  let agreeingWritten: Promise<void> = Promise.resolve();
  // The network watch (domain/watch-network.ts): the account the snapshot was read from, after each poll.
  const watched = tapAccountWatch(archiver);
  const changes = await networkChangesRepository(mongo);
  const watchAfter = async (snapshot: NetworkData) => {
    const watch = watched.take(snapshot.provenance?.economics?.from);
    if (!watch || snapshot.cycleCounter === undefined) return;
    const publish = async (change: NetworkChange) => {
      await publishEvent(redis, 'network.changed', { change, at: change.seenAt });
    };
    await watchNetwork({ store: changes, publish, logger }, watch, snapshot.cycleCounter, new Date()).catch((err: unknown) => {
      logger.warn({ reason: err instanceof Error ? err.message : String(err) }, 'network watch skipped this poll');
    });
  };
  const pollOnce = () =>
    pollNetwork({
      directory,
      archiver: watched.archiver,
      history,
      ingest: { rangesPerPoll: config.CYCLE_RANGES_PER_POLL, windowCycles: config.ROTATION_WINDOW_CYCLES, backfillMax: config.CYCLE_BACKFILL_MAX },
      quorum: { identity, maxLagCycles: config.ARCHIVER_MAX_LAG_CYCLES },
      onVerdict: (outcome) => {
        const urls = (outcome.quorum?.agreeing ?? []).map((a) => a.url);
        agreeingWritten = agreeing.set(urls).catch((err: unknown) => logger.warn({ reason: err instanceof Error ? err.message : String(err) }, 'agreeing archivers not stored'));
        reportVerdict(outcome);
      },
      rpc: config.NETWORK_RPC_URL ? rpcClient(config.NETWORK_RPC_URL, limits, config.CHAIN_ID) : undefined,
      explorer: config.EXPLORER_API_URL ? explorerClient(config.EXPLORER_API_URL, limits) : undefined,
      snapshots,
      networkHistory,
      prices,
      publish: async (network) => {
        await publishEvent(redis, 'network.updated', { network, at: network.lastUpdated });
      },
      keepLiveMs: config.SNAPSHOT_KEEP_MS,
      logger,
      outcomes,
    });
  const pollNetworkNow = async () => {
    const snapshot = await pollOnce();
    await watchAfter(snapshot);
    await agreeingWritten;
    await requestTracking(history, tracker, logger);
    return snapshot;
  };
  // Node tracking (node-tracking/): its states for the lookup route and a run in this process (tests),
  // with its metrics; its worker runs in the node-tracking process.
  const tracking = await composeNodeTracking(config, { mongo, redis, history, directory, archiver, snapshots: storedSnapshots, agreeing, minimums: minimumVersionsOf(mongo), metrics, logger });
  const trackNodesNow = tracking.trackNow;
  // Node money (node-money/): the chain's accounts of a node beside its tracking, served by this API.
  const money = await composeNodeMoney(config, { mongo, states: tracking.states, snapshots, limits, logger });
  const feed = priceClient(config.PRICE_API_URL, limits, { coinId: config.PRICE_COIN_ID, apiKey: config.PRICE_API_KEY, apiKeyHeader: config.PRICE_API_KEY_HEADER });
  // After a 429 the feed is left alone for a while (per process: each replica backs off on its own).
  const backoff = priceBackoff(config.PRICE_POLL_MS);
  const pollPriceNow = () => pollPrice({ feed, prices, logger, outcomes, backoff });

  const queue = pollQueue(jobs, logger);
  // A poll can outlast the shutdown budget (timeouts on several sources): after 3 s it is left
  // unfinished, picked up again as stalled by a live worker (polls are idempotent).
  const polling = config.POLLING_ENABLED
    ? await startHandlers({ redis: workerRedis, prefix: bullPrefix, logger, metrics, handlers: networkPollingJobs({ network: pollNetworkNow, price: pollPriceNow }), stopTimeoutMs: 3000 })
    : undefined;
  if (polling) await queue.schedule({ networkMs: config.NETWORK_POLL_MS, priceMs: config.PRICE_POLL_MS });

  const app = createApp(
    {
      snapshots,
      prices,
      history: networkHistory,
      nodes: { states: tracking.states, retentionDays: config.NODE_PERIOD_RETENTION_DAYS },
      money,
      changes,
      refresh: () =>
        refreshNetwork({
          schedule: refreshLockRepository(redis, prefix),
          polls: queue,
          // Straight from Redis: the poll may have run on another replica's worker.
          snapshots: storedSnapshots,
          debounceMs: config.REFRESH_DEBOUNCE_MS,
          waitMs: config.REFRESH_WAIT_MS,
        }),
    },
    {
      logger,
      metrics,
      priceStaleAfterMs: 3 * config.PRICE_POLL_MS,
      readiness: { redis: redisReady(redis), mongo: mongoReady(mongo) },
      isShuttingDown: options.isShuttingDown,
    },
  );

  return {
    app,
    metrics,
    pollNetworkNow,
    trackNodesNow,
    pollPriceNow,
    async close() {
      await polling?.stop();
      await jobs.close();
      redis.disconnect();
      workerRedis.disconnect();
      await mongo.close();
    },
  };
}
