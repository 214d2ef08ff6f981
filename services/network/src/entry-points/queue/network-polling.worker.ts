import { jobHandler } from '@shm/platform/jobs';

/** The two polls the queue's jobs run. */
export interface Polls {
  network(): Promise<unknown>;
  price(): Promise<unknown>;
}

/**
 * The network-polling queue's jobs, one poll each, run one at a time. A poll never throws for an
 * outside failure (the use cases fall back or keep the last value), so a failed job means a bug or
 * Redis trouble; the next run retries. A job's result is what its poll made: a refresh answers with
 * its own poll's snapshot, not whichever was stored last.
 */
export const networkPollingJobs = (polls: Polls) => [
  jobHandler({ queue: 'networkPolling', job: 'pollNetwork', run: () => polls.network() }),
  jobHandler({ queue: 'networkPolling', job: 'pollPrice', run: () => polls.price() }),
];
