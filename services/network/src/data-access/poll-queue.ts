import { Queue, QueueEvents, type ConnectionOptions } from 'bullmq';
import { JOBS, QUEUES } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import type { PollTrigger } from '../domain/ports';

const { pollNetwork, pollPrice } = JOBS.networkPolling;
const KEEP = { removeOnComplete: 100, removeOnFail: 100 };

export interface PollQueue extends PollTrigger {
  /** Repeats both polls on their intervals (one scheduler per job, shared by every replica). */
  schedule(intervals: { networkMs: number; priceMs: number }): Promise<void>;
  close(): Promise<void>;
}

/** The producer side of the network-polling queue (BullMQ). */
export async function createPollQueue(connection: ConnectionOptions, prefix: string, logger: Logger): Promise<PollQueue> {
  const queue = new Queue(QUEUES.networkPolling, { connection, prefix });
  const events = new QueueEvents(QUEUES.networkPolling, { connection, prefix });
  await events.waitUntilReady();

  return {
    async schedule({ networkMs, priceMs }) {
      await queue.upsertJobScheduler(pollNetwork, { every: networkMs }, { name: pollNetwork, opts: KEEP });
      await queue.upsertJobScheduler(pollPrice, { every: priceMs }, { name: pollPrice, opts: KEEP });
    },
    async pollNow(waitMs) {
      const job = await queue.add(pollNetwork, { reason: 'refresh' }, KEEP);
      try {
        await job.waitUntilFinished(events, waitMs);
      } catch (err) {
        logger.warn({ jobId: job.id, reason: (err as Error).message }, 'refresh poll did not finish in time');
      }
    },
    async close() {
      await events.close();
      await queue.close();
    },
  };
}
