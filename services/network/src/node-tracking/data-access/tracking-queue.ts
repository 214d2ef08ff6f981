import type { Producer, QueueDefaults } from '@shm/platform/jobs';
import type { TrackingTrigger } from '../ports';

/**
 * BullMQ refuses a custom id with one `:` (`track:<counter>` would throw), so the id is
 * `track-<counter>`: one job per newest cycle, whichever replica's poll asks first.
 */
export const trackJobId = (newestCycle: number) => `track-${newestCycle}`;

/**
 * How tracking jobs are added: 3 attempts, the first retry after 5 s; the last 100 finished jobs
 * kept. Global concurrency 1: one run at a time over every replica's worker, since each run reads
 * and writes the states of every node.
 */
export const TRACKING_QUEUE: QueueDefaults = {
  attempts: 3,
  backoffMs: 5_000,
  keepCompleted: { count: 100 },
  keepFailed: { count: 100 },
  globalConcurrency: 1,
};

/** The producer side of the node-tracking queue (the network's polls ask for runs through it). */
export function trackingQueue(jobs: Producer): TrackingTrigger {
  return {
    async track(newestCycle) {
      await jobs.enqueue('nodeTracking', 'trackNodes', { newestCycle }, { jobId: trackJobId(newestCycle) });
    },
  };
}
