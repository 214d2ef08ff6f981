import { Queue, type JobsOptions } from 'bullmq';
import { QUEUES } from '@shm/contracts';
import type { Logger, Redis } from '@shm/platform';
import type { AlertQueue } from '../domain/alert-ports';
import type { DeliveryJob } from '../domain/deliver-alert';

export const DELIVER_JOB = 'deliver-alert';

/**
 * The job id of a delivery: its id with ':' spelled '_' (BullMQ refuses custom ids with ':' in them,
 * and change ids are `<cycle>:<key>:<kind>`). Ids are hex, digits, '-' and ':', so this is one-to-one.
 */
export const jobIdOf = (deliveryId: string) => deliveryId.replaceAll(':', '_');
export const deliveryIdOf = (jobId: string) => jobId.replaceAll('_', ':');

/** States reported as the queue's depth: waiting, being sent, waiting out a retry backoff, and the failed jobs kept. */
export const ALERT_DEPTH_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
export type AlertDepthState = (typeof ALERT_DEPTH_STATES)[number];

/** Finished jobs are kept this long: adding the same delivery again meanwhile is a no-op. */
const KEEP_S = 7 * 24 * 3600;

export interface AlertQueueSettings {
  attempts: number;
  /** The first retry's delay; each next one doubles (with up to 50 % jitter). */
  backoffMs: number;
}

/** The producer side of the alert-delivery queue; `producer` fails fast (a request answers 503 rather than hang). */
export function alertDeliveryQueue(
  { producer, prefix, logger }: { producer: Redis; prefix: string; logger: Logger },
  { attempts, backoffMs }: AlertQueueSettings,
): AlertQueue & { jobCounts(): Promise<Record<AlertDepthState, number>>; close(): Promise<void> } {
  const queue = new Queue<DeliveryJob>(QUEUES.alertDelivery, { connection: producer, prefix });
  queue.on('error', (err) => logger.warn({ err: err.message }, 'alert queue error'));
  const options: JobsOptions = {
    attempts,
    backoff: { type: 'exponential', delay: backoffMs, jitter: 0.5 },
    removeOnComplete: { age: KEEP_S },
    removeOnFail: { age: KEEP_S },
  };
  return {
    async enqueue({ id, walletAddress }) {
      await queue.add(DELIVER_JOB, { deliveryId: id, wallet: walletAddress }, { ...options, jobId: jobIdOf(id) });
    },
    async jobCounts() {
      return (await queue.getJobCounts(...ALERT_DEPTH_STATES)) as Record<AlertDepthState, number>;
    },
    close: () => queue.close(),
  };
}
