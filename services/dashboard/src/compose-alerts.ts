import type { Connection } from 'mongoose';
import type { Logger, Metrics } from '@shm/platform';
import type { Redis } from '@shm/platform/redis';
import { alertTargetsStrict, type DashboardConfig } from './config';
import { alertDeliveryQueue } from './data-access/alert-delivery.queue';
import { alertDestinationRepository } from './data-access/alert-destination.repository';
import { alertTargets, resolveWithin, systemResolve, type Resolve } from './data-access/alert-target';
import { deliveryRepository } from './data-access/delivery.repository';
import { notificationRepository } from './data-access/notification.repository';
import { webhookSender } from './data-access/webhook.sender';
import type { AlertDeps } from './domain/alert-ports';
import { deliverAlert } from './domain/deliver-alert';
import type { DashboardDomain } from './domain/deps';
import { notifyNodeChanges } from './domain/notify-node-changes';
import { consumeNodeChanges } from './entry-points/events/node-changes.consumer';
import { alertDeliveryMetrics, exportAlertQueueDepth } from './entry-points/metrics/alert.metrics';
import { deadLetterStalledOut, startAlertDeliveryWorker } from './entry-points/queue/alert-delivery.worker';

export interface AlertParts {
  /** `producer` fails fast (requests); `events` waits out a Redis restart (the consumer and the worker). */
  producer: Redis;
  events: Redis;
  mongo: Connection;
  metrics: Metrics;
  logger: Logger;
  /** This process consumes `nodes.changed` and runs the delivery worker. */
  runWorker: boolean;
  /** This process's name in the shared `dashboard-alerts` consumer group. */
  consumer: string;
  eventBlockMs?: number;
  /** How host names are resolved for the URL check (tests give a fixed answer). */
  resolve?: Resolve;
}

/**
 * The alerts half of the dashboard (docs/alerts.md): its stores and queue for the use cases, then,
 * once the domain exists, the `nodes.changed` consumer and the delivery worker where they run.
 */
export async function composeAlerts(config: DashboardConfig, parts: AlertParts) {
  const { producer, events, mongo, metrics, logger } = parts;
  const prefix = `${config.REDIS_KEY_PREFIX}bull`;
  const queue = alertDeliveryQueue({ producer, prefix, logger }, { attempts: config.ALERT_ATTEMPTS, backoffMs: config.ALERT_BACKOFF_MS });
  exportAlertQueueDepth(metrics, () => queue.jobCounts());
  const rules = { strict: alertTargetsStrict(config), resolve: resolveWithin(parts.resolve ?? systemResolve, config.ALERT_TIMEOUT_MS) };
  const deps: AlertDeps = {
    destinations: await alertDestinationRepository(mongo),
    notifications: await notificationRepository(mongo),
    deliveries: await deliveryRepository(mongo),
    queue,
    targets: alertTargets(rules),
    sender: webhookSender({ ...rules, timeoutMs: config.ALERT_TIMEOUT_MS, maxResponseBytes: config.ALERT_MAX_RESPONSE_BYTES }),
    maxEventAgeMs: config.ALERT_MAX_EVENT_AGE_MS,
  };
  let stopConsumer: (() => Promise<void>) | undefined;
  let worker: ReturnType<typeof startAlertDeliveryWorker> | undefined;
  let stalledOut: { close(): Promise<void> } | undefined;

  return {
    deps,
    async start(domain: DashboardDomain): Promise<void> {
      if (!parts.runWorker) return;
      const markDead = (deliveryId: string, error: string) => domain.alerts.deliveries.markDead(deliveryId, error, domain.now().toISOString());
      worker = startAlertDeliveryWorker(
        events,
        prefix,
        {
          deliver: (job, options) => deliverAlert(domain, job, options),
          giveUp: (job, error) => markDead(job.deliveryId, error),
          observe: alertDeliveryMetrics(metrics),
        },
        logger,
        { concurrency: config.ALERT_CONCURRENCY, lockDuration: config.ALERT_LOCK_MS, stalledInterval: config.ALERT_STALLED_INTERVAL_MS },
      );
      stalledOut = await deadLetterStalledOut(events, prefix, markDead, logger);
      const consumer = await consumeNodeChanges(events, (event, at) => notifyNodeChanges(domain, event, at), {
        consumer: parts.consumer,
        logger,
        metrics,
        blockMs: parts.eventBlockMs,
      });
      stopConsumer = () => consumer.stop();
    },
    async close(): Promise<void> {
      await stopConsumer?.();
      await worker?.close();
      await stalledOut?.close();
      await queue.close();
    },
  };
}
