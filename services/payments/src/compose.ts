import { randomUUID } from 'node:crypto';
import { parseEther } from 'ethers';
import { createMetrics, createServiceApp, type Logger, type Metrics, type ServiceApp } from '@shm/platform';
import { connectMongo, mongoReady } from '@shm/platform/mongo';
import { createProducer, startHandlers } from '@shm/platform/jobs';
import { createRedis, redisReady } from '@shm/platform/redis';
import { createApp } from './app';
import { paymentsRole, type PaymentsConfig } from './config';
import { chainClient } from './data-access/chain.client';
import { grantRepository } from './data-access/grant.repository';
import { intentRepository } from './data-access/intent.repository';
import { paymentRepository } from './data-access/payment.repository';
import { paymentEvents } from './data-access/payment.events';
import { statusHub, statusPublisher } from './data-access/status.channel';
import { verificationQueue } from './data-access/verification.queue';
import { walletRepository } from './data-access/wallet.repository';
import type { PaymentsDomain } from './domain/deps';
import type { Clock } from './domain/ports';
import { verifyTransaction } from './domain/verify-transaction';
import { walletConfig } from './domain/wallet-config';
import { verifyPaymentJob } from './entry-points/queue/payment-verification.worker';
import { reconcileGrants } from './domain/reconcile-grants';
import { reconcileGrantsJob } from './entry-points/schedule/grant-reconciliation';

export interface PaymentsService {
  app: ServiceApp;
  metrics: Metrics;
  domain: PaymentsDomain;
  close(): Promise<void>;
}

/**
 * Builds the payments service from its configuration: MongoDB repositories, the chain client, the
 * job runtime's producer (verification jobs, payment events) and, unless PAYMENTS_ROLE=api or
 * WORKER_ENABLED=false, its handlers (the verify-payment job and the reorg guard's scheduled rounds),
 * the status channel, the HTTP app and the metrics. With PAYMENTS_ROLE=worker the app serves
 * only /healthz, /readyz and /metrics, no API, and its metrics carry `service="payments-worker"`. `now` is injectable so tests can move the clock past the 24 hours.
 */
export async function composePaymentsService(
  config: PaymentsConfig,
  logger: Logger,
  options: { now?: Clock; isShuttingDown?: () => boolean } = {},
): Promise<PaymentsService> {
  const now = options.now ?? (() => new Date());
  const prefix = config.REDIS_KEY_PREFIX;
  const redis = createRedis(config.REDIS_URL, 'client', logger);
  const workerRedis = createRedis(config.REDIS_URL, 'worker', logger);
  const role = paymentsRole(config);
  // The status streams' subscriber connection is the API's only.
  const subscriber = role.api ? createRedis(config.REDIS_URL, 'worker', logger) : undefined;
  const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, logger);
  const chain = chainClient(config.CHAIN_RPC_URL, { chainId: config.CHAIN_ID, timeoutMs: config.RPC_TIMEOUT_MS });
  const metrics = createMetrics(role.api ? 'payments' : 'payments-worker', { logger });
  const bullPrefix = `${prefix}bull`;
  const jobs = createProducer({
    redis,
    prefix: bullPrefix,
    logger,
    metrics,
    queues: {
      paymentVerification: { attempts: config.VERIFY_ATTEMPTS, backoffMs: config.VERIFY_BACKOFF_MS, depthMetric: true },
      paymentReconciliation: { attempts: 1, keepCompleted: { age: 3600, count: 10 }, keepFailed: { age: 24 * 3600, count: 100 } },
    },
  });
  // Events are written through the connection that waits out a Redis restart (the worker's side).
  const events = createProducer({ redis: workerRedis, prefix: bullPrefix, logger });
  const amountWei = parseEther(config.PAYMENT_AMOUNT_SHM);
  const recipient = config.PAYMENT_RECIPIENT.toLowerCase();

  const domain: PaymentsDomain = {
    intents: await intentRepository(mongo, now),
    payments: await paymentRepository(mongo),
    grants: await grantRepository(mongo),
    wallets: await walletRepository(mongo),
    chain,
    queue: verificationQueue(jobs),
    // The worker side writes through the connection that waits out a Redis restart.
    status: statusPublisher(workerRedis, prefix, logger),
    events: paymentEvents(events),
    now,
    terms: {
      chainId: config.CHAIN_ID,
      recipient,
      amountWei,
      amountShm: config.PAYMENT_AMOUNT_SHM,
      minConfirmations: config.PAYMENT_CONFIRMATIONS,
      clockSkewMs: config.PAYMENT_CLOCK_SKEW_S * 1000,
    },
    maxOpenIntents: config.MAX_OPEN_INTENTS,
    newId: randomUUID,
  };

  const handlers = role.worker
    ? await startHandlers({
        redis: workerRedis,
        prefix: bullPrefix,
        logger,
        metrics,
        handlers: [
          verifyPaymentJob((job, opts) => verifyTransaction(domain, job, opts)),
          reconcileGrantsJob(() => reconcileGrants(domain, { windowMs: config.RECONCILE_WINDOW_MS, absenceMs: config.RECONCILE_ABSENCE_MS })),
        ],
        workers: {
          paymentVerification: { concurrency: config.VERIFY_CONCURRENCY, lockDurationMs: config.VERIFY_LOCK_MS, stalledIntervalMs: config.VERIFY_STALLED_INTERVAL_MS },
        },
      })
    : undefined;
  if (handlers) await jobs.schedule('paymentReconciliation', 'reconcileGrants', config.RECONCILE_INTERVAL_MS, {});
  const hub = subscriber ? await statusHub(subscriber, prefix, logger) : undefined;
  const readiness = { redis: redisReady(redis), mongo: mongoReady(mongo) };

  const app = hub
    ? createApp(domain, {
        logger,
        metrics,
        statusHub: hub,
        walletConfig: walletConfig({
          projectId: config.WALLETCONNECT_PROJECT_ID,
          chainId: config.CHAIN_ID,
          chainName: config.CHAIN_NAME,
          rpcUrl: config.PUBLIC_RPC_URL ?? config.CHAIN_RPC_URL,
          explorerUrl: config.EXPLORER_URL,
          publicOrigin: config.PUBLIC_ORIGIN,
          recipient,
          amountShm: config.PAYMENT_AMOUNT_SHM,
          amountWei,
        }),
        internalSecret: config.INTERNAL_SECRET,
        sseHeartbeatMs: config.SSE_HEARTBEAT_MS,
        streamCaps: { max: config.SSE_MAX_STREAMS, perWallet: config.SSE_MAX_STREAMS_PER_WALLET },
        readiness,
        isShuttingDown: options.isShuttingDown,
      })
    : createServiceApp({ name: 'payments', routes: [], logger, metrics, readiness, isShuttingDown: options.isShuttingDown });

  return {
    app,
    metrics,
    domain,
    async close() {
      await handlers?.stop();
      await hub?.close();
      await jobs.close();
      await events.close();
      chain.destroy();
      await mongo.close();
      for (const connection of [redis, workerRedis]) connection.disconnect();
    },
  };
}
