import { alertDeliveryJobId } from '@shm/contracts';
import type { Producer, QueueDefaults } from '@shm/platform/jobs';
import type { AlertQueue } from '../domain/ports';

/** Finished jobs are kept this long, however many: adding the same delivery again meanwhile is a no-op. */
const KEEP = { age: 7 * 24 * 3600 };

/**
 * How delivery jobs are added: `attempts` in all, the first retry after `backoffMs` (doubling, with
 * up to 50 % jitter); `alert_delivery_queue_depth` exported from every alerts process.
 */
export const alertQueueDefaults = ({ attempts, backoffMs }: { attempts: number; backoffMs: number }): QueueDefaults => ({
  attempts,
  backoffMs,
  keepCompleted: KEEP,
  keepFailed: KEEP,
  depthMetric: true,
});

/** The producer side of the alert-delivery queue: one job per delivery, its id the delivery's. */
export function alertDeliveryQueue(jobs: Producer): AlertQueue {
  return {
    async enqueue({ id, walletAddress }) {
      await jobs.enqueue('alertDelivery', 'deliverAlert', { deliveryId: id, wallet: walletAddress }, { jobId: alertDeliveryJobId(id) });
    },
  };
}
