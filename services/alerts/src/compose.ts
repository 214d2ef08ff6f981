import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createMetrics, createServiceApp, type Logger, type Metrics, type ServiceApp } from '@shm/platform';
import { connectMongo, mongoReady } from '@shm/platform/mongo';
import { createRedis, followLatestEvent, redisReady } from '@shm/platform/redis';
import { createApp } from './app';
import { alertTargetsStrict, alertsRole, type AlertsConfig } from './config';
import { alertDeliveryQueue } from './data-access/alert-delivery.queue';
import { alertDestinationRepository } from './data-access/alert-destination.repository';
import { alertTargets, resolveWithin, systemResolve, type Resolve } from './data-access/alert-target';
import { deliveryRepository } from './data-access/delivery.repository';
import { notificationRepository } from './data-access/notification.repository';
import { walletLock } from './data-access/wallet.lock';
import { watchersClient } from './data-access/watchers.client';
import { webhookSender } from './data-access/webhook.sender';
import { deliverAlert } from './domain/deliver-alert';
import type { AlertsDomain } from './domain/deps';
import { notifyNodeChanges } from './domain/notify-node-changes';
import type { Clock } from './domain/ports';
import { consumeNodeChanges } from './entry-points/events/node-changes.consumer';
import { alertDeliveryMetrics, exportAlertQueueDepth } from './entry-points/metrics/alert.metrics';
import { deadLetterStalledOut, startAlertDeliveryWorker } from './entry-points/queue/alert-delivery.worker';

export interface AlertsService {
  app: ServiceApp;
  metrics: Metrics;
  domain: AlertsDomain;
  close(): Promise<void>;
}

export interface ComposeOptions {
  now?: Clock;
  /** Record ids (tests give ids of their own; random UUIDs otherwise). */
  newId?: () => string;
  isShuttingDown?: () => boolean;
  /** This process's name in the shared consumer group and its flag follower's group (host and port unless given). */
  instance?: string;
  /** Event read blocking time (tests shorten it). */
  eventBlockMs?: number;
  /** How destination hosts are resolved (tests give fixed answers; the system resolver otherwise). */
  resolveHost?: Resolve;
}

/**
 * Builds the alerts service (docs/alerts.md) from its configuration: its MongoDB stores, the delivery
 * queue, the wallet lock, the dashboard's watchers lookup, the follower of `flags.changed`, then,
 * unless ALERTS_ROLE=api or WORKER_ENABLED=false, the `nodes.changed` consumer and the delivery
 * worker; and the HTTP app (with ALERTS_ROLE=worker only /healthz, /readyz and /metrics, labelled
 * `alerts-worker`).
 */
export async function composeAlertsService(config: AlertsConfig, logger: Logger, options: ComposeOptions = {}): Promise<AlertsService> {
  const instance = options.instance ?? `${hostname()}:${config.ALERTS_PORT}`;
  // `producer` fails fast (requests answer 503 rather than hang); `events` waits out a Redis restart (the consumer and the worker).
  const producer = createRedis(config.REDIS_URL, 'client', logger);
  const events = createRedis(config.REDIS_URL, 'worker', logger);
  const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, logger);
  const role = alertsRole(config);
  const metrics = createMetrics(role.api ? 'alerts' : 'alerts-worker', { logger });
  const flags = await followLatestEvent(events, 'flags.changed', { logger, blockMs: options.eventBlockMs, metrics, group: `alerts-flags:${instance}` });
  const prefix = config.ALERT_QUEUE_PREFIX;
  const queue = alertDeliveryQueue({ producer, prefix, logger }, { attempts: config.ALERT_ATTEMPTS, backoffMs: config.ALERT_BACKOFF_MS });
  exportAlertQueueDepth(metrics, () => queue.jobCounts());
  const rules = { strict: alertTargetsStrict(config), resolve: resolveWithin(options.resolveHost ?? systemResolve, config.ALERT_TIMEOUT_MS) };
  const domain: AlertsDomain = {
    alerts: {
      destinations: await alertDestinationRepository(mongo),
      notifications: await notificationRepository(mongo),
      deliveries: await deliveryRepository(mongo),
      queue,
      targets: alertTargets(rules),
      sender: webhookSender({ ...rules, timeoutMs: config.ALERT_TIMEOUT_MS, maxResponseBytes: config.ALERT_MAX_RESPONSE_BYTES }),
      maxEventAgeMs: config.ALERT_MAX_EVENT_AGE_MS,
    },
    watchers: watchersClient(config.DASHBOARD_URL, config.INTERNAL_SECRET, config.DASHBOARD_TIMEOUT_MS),
    lock: walletLock(producer, config.REDIS_KEY_PREFIX, { leaseMs: config.WALLET_LOCK_LEASE_MS, waitMs: config.WALLET_LOCK_WAIT_MS }, logger),
    now: options.now ?? (() => new Date()),
    newId: options.newId ?? randomUUID,
  };

  let worker: ReturnType<typeof startAlertDeliveryWorker> | undefined;
  let stalledOut: { close(): Promise<void> } | undefined;
  let consumer: { stop(): Promise<void> } | undefined;
  if (role.worker) {
    const markDead = (deliveryId: string, error: string) => domain.alerts.deliveries.markDead(deliveryId, error, domain.now().toISOString());
    worker = startAlertDeliveryWorker(
      events,
      prefix,
      { deliver: (job, attempt) => deliverAlert(domain, job, attempt), giveUp: (job, error) => markDead(job.deliveryId, error), observe: alertDeliveryMetrics(metrics) },
      logger,
      { concurrency: config.ALERT_CONCURRENCY, lockDuration: config.ALERT_LOCK_MS, stalledInterval: config.ALERT_STALLED_INTERVAL_MS },
    );
    stalledOut = await deadLetterStalledOut(events, prefix, markDead, logger);
    consumer = await consumeNodeChanges(events, (event, at) => notifyNodeChanges(domain, event, at), { consumer: instance, logger, metrics, blockMs: options.eventBlockMs });
  }

  const readiness = { redis: redisReady(producer), mongo: mongoReady(mongo) };
  const app = role.api
    ? createApp(domain, {
        logger,
        metrics,
        flag: { isOn: () => flags.current()?.flags.personalizedDashboard === true },
        internalSecret: config.INTERNAL_SECRET,
        readiness,
        isShuttingDown: options.isShuttingDown,
      })
    : createServiceApp({ name: 'alerts', routes: [], logger, metrics, readiness, isShuttingDown: options.isShuttingDown });

  return {
    app,
    metrics,
    domain,
    async close() {
      await consumer?.stop();
      await worker?.close();
      await stalledOut?.close();
      await queue.close();
      await flags.stop();
      await mongo.close();
      producer.disconnect();
      events.disconnect();
    },
  };
}
