import { UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import { QUEUES } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import { POLL_JOBS, type PollJobName } from '../../data-access/poll-queue';

export type PollHandlers = Record<PollJobName, () => Promise<unknown>>;

/**
 * Runs the polls one at a time. A handler never throws for an outside failure (the use cases fall
 * back or keep the last value), so a failed job means a bug or Redis trouble; the next run retries.
 */
export function startPollingWorker(connection: ConnectionOptions, prefix: string, handlers: PollHandlers, logger: Logger) {
  const known = new Set<string>(Object.values(POLL_JOBS));
  const worker = new Worker(
    QUEUES.networkPolling,
    async (job) => {
      if (!known.has(job.name)) throw new UnrecoverableError(`no handler for job ${job.name}`);
      await handlers[job.name as PollJobName]();
    },
    { connection, prefix, concurrency: 1 },
  );
  worker.on('failed', (job, err) => logger.error({ jobId: job?.id, job: job?.name, err }, 'poll job failed'));
  worker.on('error', (err) => logger.warn({ err: err.message }, 'polling worker error'));
  return worker;
}
