import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createMetrics, createServiceApp, type Logger, type Metrics, type ServiceApp } from '@shm/platform';
import { connectMongo, mongoReady } from '@shm/platform/mongo';
import { createProducer, startHandlers, type Handler } from '@shm/platform/jobs';
import { createRedis, keyedLock, redisReady } from '@shm/platform/redis';
import { createApp } from './app';
import { alertTargetsStrict, alertsRole, type AlertsConfig } from './config';
import { alertDeliveryQueue, alertQueueDefaults } from './data-access/alert-delivery.queue';
import { activityRepository } from './data-access/activity.repository';
import { alertDestinationRepository } from './data-access/alert-destination.repository';
import { alertTargets, resolveWithin, systemResolve, type Resolve } from './data-access/alert-target';
import { deliveryRepository } from './data-access/delivery.repository';
import { episodeRepository } from './data-access/episode.repository';
import { nodeMoneyClient } from './data-access/node-money.client';
import { nodePenaltiesClient } from './data-access/node-penalties.client';
import { penaltyCheckQueue, penaltyCheckQueueDefaults } from './data-access/penalty-check.queue';
import { penaltyClaimRepository } from './data-access/penalty-claim.repository';
import { notificationRepository } from './data-access/notification.repository';
import { watchersClient } from './data-access/watchers.client';
import { webhookSender } from './data-access/webhook.sender';
import { newWebhookSecret } from './data-access/webhook-signing';
import { deliverAlert } from './domain/deliver-alert';
import type { AlertsDomain } from './domain/deps';
import { notifyNodeChanges } from './domain/notify-node-changes';
import { checkPenalty, scheduleNext } from './domain/notify-penalty';
import type { Clock } from './domain/ports';
import { personalizedDashboardFlag } from './entry-points/events/flags.handler';
import { rewardRateFollower } from './entry-points/events/network-rate.handler';
import { nodeChangesHandler } from './entry-points/events/node-changes.consumer';
import { networkChangeHandler } from './entry-points/events/network-change.consumer';
import { destinationWallets } from './data-access/destination-wallets';
import { notifyNetworkChange } from './domain/notify-network-change';
import { alertDeliveryMetrics } from './entry-points/metrics/alert.metrics';
import { alertDeliveryJobs } from './entry-points/queue/alert-delivery.worker';
import { penaltyCheckJobs } from './entry-points/queue/penalty-check.worker';

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
  /** This process's name in the shared consumer group and in its flag follower's group name (host and port unless given). */
  instance?: string;
  /** Event read blocking time (tests shorten it). */
  eventBlockMs?: number;
  /** How destination hosts are resolved (tests give fixed answers; the system resolver otherwise). */
  resolveHost?: Resolve;
}

/**
 * Builds the alerts service (docs/alerts.md) from its configuration: its MongoDB stores, the delivery
 * queue's producer, the wallet lock, the dashboard's watchers lookup; its handlers on the job runtime
 * (`@shm/platform/jobs`): the follower of `flags.changed`, then, unless ALERTS_ROLE=api or
 * WORKER_ENABLED=false, the `nodes.changed` consumer and the delivery jobs; and the HTTP app (with
 * ALERTS_ROLE=worker only /healthz, /readyz and /metrics, labelled `alerts-worker`).
 */
export async function composeAlertsService(config: AlertsConfig, logger: Logger, options: ComposeOptions = {}): Promise<AlertsService> {
  const instance = options.instance ?? `${hostname()}:${config.ALERTS_PORT}`;
  // `producer` fails fast (requests answer 503 rather than hang); `events` waits out a Redis restart (the consumer and the worker).
  const producer = createRedis(config.REDIS_URL, 'client', logger);
  const events = createRedis(config.REDIS_URL, 'worker', logger);
  const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, logger);
  const role = alertsRole(config);
  const metrics = createMetrics(role.api ? 'alerts' : 'alerts-worker', { logger });
  const prefix = config.ALERT_QUEUE_PREFIX;
  const jobs = createProducer({
    redis: producer,
    prefix,
    logger,
    metrics,
    queues: { alertDelivery: alertQueueDefaults({ attempts: config.ALERT_ATTEMPTS, backoffMs: config.ALERT_BACKOFF_MS }), alertPenaltyCheck: penaltyCheckQueueDefaults },
  });
  const now = options.now ?? (() => new Date());
  const rate = rewardRateFollower(`alerts-network:${instance}`);
  const rules = { strict: alertTargetsStrict(config), resolve: resolveWithin(options.resolveHost ?? systemResolve, config.ALERT_TIMEOUT_MS) };
  const domain: AlertsDomain = {
    alerts: {
      destinations: await alertDestinationRepository(mongo),
      notifications: await notificationRepository(mongo),
      deliveries: await deliveryRepository(mongo),
      queue: alertDeliveryQueue(jobs),
      targets: alertTargets(rules),
      sender: webhookSender({ ...rules, timeoutMs: config.ALERT_TIMEOUT_MS, maxResponseBytes: config.ALERT_MAX_RESPONSE_BYTES, now }),
      maxEventAgeMs: config.ALERT_MAX_EVENT_AGE_MS,
      episodes: await episodeRepository(mongo),
      rules: { reminderMs: config.ALERT_REMINDER_MS, flapCycles: config.ALERT_FLAP_CYCLES },
      money: nodeMoneyClient({ networkUrl: config.NETWORK_URL, timeoutMs: config.NETWORK_LOOKUP_TIMEOUT_MS, waitMs: config.ALERT_EARNED_WAIT_MS, logger }),
      rate: rate.rate,
      activity: await activityRepository(mongo),
      stuck: { factor: config.ALERT_STUCK_FACTOR, minPeriods: config.ALERT_STUCK_MIN_PERIODS, sample: config.ALERT_STUCK_SAMPLE },
      penalty: {
        read: nodePenaltiesClient({ networkUrl: config.NETWORK_URL, timeoutMs: config.ALERT_PENALTY_TIMEOUT_MS, logger }),
        claims: await penaltyClaimRepository(mongo),
        checks: penaltyCheckQueue(jobs),
        // Without the network service there is nothing to read: no checks are scheduled.
        rules: { scheduleMs: config.NETWORK_URL ? config.ALERT_PENALTY_CHECK_MS : [], slackMs: config.ALERT_PENALTY_SLACK_MS },
      },
    },
    watchers: watchersClient(config.DASHBOARD_URL, config.INTERNAL_SECRET, config.DASHBOARD_TIMEOUT_MS),
    lock: keyedLock(producer, config.REDIS_KEY_PREFIX, { leaseMs: config.WALLET_LOCK_LEASE_MS, waitMs: config.WALLET_LOCK_WAIT_MS }, logger),
    now,
    newId: options.newId ?? randomUUID,
    newSecret: newWebhookSecret,
  };

  const flag = personalizedDashboardFlag(`alerts-flags:${instance}`);
  const handlers: Handler[] = [flag.handler];
  if (role.worker) {
    const markDead = (deliveryId: string, error: string) => domain.alerts.deliveries.markDead(deliveryId, error, domain.now().toISOString());
    handlers.push(
      rate.handler,
      nodeChangesHandler((event, at) => notifyNodeChanges(domain, event, at)),
      networkChangeHandler((event, at) => notifyNetworkChange(domain, destinationWallets(mongo), event, at)),
      ...alertDeliveryJobs({ deliver: (job, attempt) => deliverAlert(domain, job, attempt), giveUp: (job, error) => markDead(job.deliveryId, error), observe: alertDeliveryMetrics(metrics) }),
      ...penaltyCheckJobs({ check: (check) => checkPenalty(domain, check), next: (check) => scheduleNext(domain, check) }),
    );
  }
  // A delivery may be found stalled twice (its worker died mid-send) before it is given up and dead-lettered.
  const running = await startHandlers({
    redis: events,
    prefix,
    logger,
    metrics,
    handlers,
    consumer: instance,
    blockMs: options.eventBlockMs,
    workers: {
      alertDelivery: { concurrency: config.ALERT_CONCURRENCY, lockDurationMs: config.ALERT_LOCK_MS, stalledIntervalMs: config.ALERT_STALLED_INTERVAL_MS, maxStalledCount: 2 },
      alertPenaltyCheck: { concurrency: 2 },
    },
  });

  const readiness = { redis: redisReady(producer), mongo: mongoReady(mongo) };
  const app = role.api
    ? createApp(domain, {
        logger,
        metrics,
        flag: flag.flag,
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
      await running.stop();
      await jobs.close();
      await mongo.close();
      producer.disconnect();
      events.disconnect();
    },
  };
}
