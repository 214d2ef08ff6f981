import { Queue, type JobsOptions } from 'bullmq';
import { JOBS, QUEUES, alertDeliveryJobId } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import type { Redis } from '@shm/platform/redis';
import { ALERT_DEPTH_STATES, type AlertDepthState, type AlertQueue } from '../domain/ports';
import type { DeliveryJob } from '../domain/deliver-alert';

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
      await queue.add(JOBS.alertDelivery.deliverAlert, { deliveryId: id, wallet: walletAddress }, { ...options, jobId: alertDeliveryJobId(id) });
    },
    async jobCounts() {
      return (await queue.getJobCounts(...ALERT_DEPTH_STATES)) as Record<AlertDepthState, number>;
    },
    close: () => queue.close(),
  };
}
