import { Queue, type ConnectionOptions } from 'bullmq';
import { JOBS, QUEUES } from '@shm/contracts';
import type { TrackingTrigger } from '../ports';

/**
 * BullMQ refuses a custom id with one `:` (`track:<counter>` would throw), so the id is
 * `track-<counter>`: one job per newest cycle, whichever replica's poll asks first.
 */
export const trackJobId = (newestCycle: number) => `track-${newestCycle}`;

export interface TrackingQueue extends TrackingTrigger {
  close(): Promise<void>;
}

/**
 * The producer side of the node-tracking queue. Its global concurrency is 1: one run at a time over
 * every replica's worker, since each run reads and writes the states of every node.
 */
export async function createTrackingQueue(connection: ConnectionOptions, prefix: string): Promise<TrackingQueue> {
  const queue = new Queue(QUEUES.nodeTracking, { connection, prefix });
  await queue.setGlobalConcurrency(1);
  return {
    async track(newestCycle) {
      await queue.add(
        JOBS.nodeTracking.trackNodes,
        { newestCycle },
        { jobId: trackJobId(newestCycle), attempts: 3, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: 100, removeOnFail: 100 },
      );
    },
    close: () => queue.close(),
  };
}
