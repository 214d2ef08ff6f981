import { NetworkDataSchema } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import type { Producer } from '@shm/platform/jobs';
import type { RefreshPolls } from '../domain/refresh-ports';

/** The states of a job no worker has taken yet. */
const NOT_STARTED = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);
/** Job ids may not contain ':'. */
const refreshJobId = (id: string) => `refresh-${id}`;

export interface PollQueue extends RefreshPolls {
  /** Repeats both polls on their intervals (one scheduler per job, shared by every replica). */
  schedule(intervals: { networkMs: number; priceMs: number }): Promise<void>;
}

/** The network-polling queue's producer side, on the job runtime. */
export function pollQueue(jobs: Producer, logger: Logger): PollQueue {
  return {
    async schedule({ networkMs, priceMs }) {
      await jobs.schedule('networkPolling', 'pollNetwork', networkMs, {});
      await jobs.schedule('networkPolling', 'pollPrice', priceMs, {});
    },
    async queue(id, delayMs) {
      // The same job id twice is one job: every caller may queue the poll it waits for.
      const state = await jobs.enqueue('networkPolling', 'pollNetwork', { reason: 'refresh' }, { jobId: refreshJobId(id), delayMs });
      return NOT_STARTED.has(state);
    },
    async result(id, waitMs) {
      if (waitMs < 1) return undefined;
      const outcome = await jobs.result('networkPolling', refreshJobId(id), waitMs);
      if (outcome.state === 'completed') {
        const snapshot = NetworkDataSchema.safeParse(outcome.value);
        return snapshot.success ? snapshot.data : undefined;
      }
      if (outcome.state !== 'missing') logger.warn({ jobId: refreshJobId(id), outcome: outcome.state }, 'refresh poll did not finish in time');
      return undefined;
    },
  };
}
