import { UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import { JOBS, QUEUES, checkWorkerJobs, type JobName } from '@shm/contracts';
import type { Logger } from '@shm/platform';

/** The two polls the queue's jobs run. */
export interface Polls {
  network(): Promise<unknown>;
  price(): Promise<unknown>;
}

/** The worker's handlers by job name (the registry's for its queue): one poll each. */
export function networkPollingJobs(polls: Polls): Record<JobName<'networkPolling'>, () => Promise<unknown>> {
  return { [JOBS.networkPolling.pollNetwork]: () => polls.network(), [JOBS.networkPolling.pollPrice]: () => polls.price() };
}

/**
 * Runs the polls one at a time, refusing to start unless it handles exactly the registry's jobs. A
 * poll never throws for an outside failure (the use cases fall back or keep the last value), so a
 * failed job means a bug or Redis trouble; the next run retries. A job's result is what its poll
 * made: a refresh answers with its own poll's snapshot, not whichever was stored last.
 */
export function startPollingWorker(connection: ConnectionOptions, prefix: string, polls: Polls, logger: Logger) {
  const jobs = networkPollingJobs(polls);
  checkWorkerJobs('networkPolling', Object.keys(jobs));
  const worker = new Worker(
    QUEUES.networkPolling,
    async (job) => {
      if (!Object.hasOwn(jobs, job.name)) throw new UnrecoverableError(`no handler for job ${job.name}`);
      return jobs[job.name as JobName<'networkPolling'>]();
    },
    { connection, prefix, concurrency: 1 },
  );
  worker.on('failed', (job, err) => logger.error({ jobId: job?.id, job: job?.name, err }, 'poll job failed'));
  worker.on('error', (err) => logger.warn({ err: err.message }, 'polling worker error'));
  return worker;
}
