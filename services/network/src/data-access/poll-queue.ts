import { Queue, QueueEvents, type ConnectionOptions } from 'bullmq';
import { JOBS, NetworkDataSchema, QUEUES } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import type { RefreshPolls } from '../domain/refresh-ports';

const { pollNetwork, pollPrice } = JOBS.networkPolling;
const KEEP = { removeOnComplete: 100, removeOnFail: 100 };
/** The states of a job no worker has taken yet. */
const NOT_STARTED = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);
/** BullMQ refuses a custom id with one `:`. */
const refreshJobId = (id: string) => `refresh-${id}`;

export interface PollQueue extends RefreshPolls {
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
    async queue(id, delayMs) {
      // The same job id twice is one job: every caller may queue the poll it waits for.
      const jobId = refreshJobId(id);
      await queue.add(pollNetwork, { reason: 'refresh' }, { ...KEEP, jobId, delay: Math.max(0, Math.floor(delayMs)) });
      return NOT_STARTED.has(await queue.getJobState(jobId));
    },
    async result(id, waitMs) {
      const jobId = refreshJobId(id);
      const job = await queue.getJob(jobId);
      if (!job || waitMs < 1) return undefined;
      try {
        const snapshot = NetworkDataSchema.safeParse(await job.waitUntilFinished(events, Math.floor(waitMs)));
        return snapshot.success ? snapshot.data : undefined;
      } catch (err) {
        logger.warn({ jobId, reason: (err as Error).message }, 'refresh poll did not finish in time');
        return undefined;
      }
    },
    async close() {
      await events.close();
      await queue.close();
    },
  };
}
