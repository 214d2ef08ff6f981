import { UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { JOBS, QUEUES, checkWorkerJobs, type JobName } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import type { TrackRun } from '../../domain/track-nodes';

/** Runs one job may make while catching up (a first run over a long history, a long absence). */
const MAX_RUNS_PER_JOB = 50;

/**
 * The worker's handlers by job name (the registry's for its queue): a tracking job runs the tracker
 * until it has caught up with the newest stored cycle.
 */
export function nodeTrackingJobs(trackNow: () => Promise<TrackRun>, logger: Logger): Record<JobName<'nodeTracking'>, (job: Pick<Job, 'id'>) => Promise<void>> {
  return {
    [JOBS.nodeTracking.trackNodes]: async (job) => {
      for (let runs = 0; runs < MAX_RUNS_PER_JOB; runs++) {
        if ((await trackNow()).caughtUp) return;
      }
      logger.warn({ jobId: job.id }, 'node tracking still catching up; the next job goes on');
    },
  };
}

/**
 * Runs the tracking jobs one at a time, refusing to start unless it handles exactly the registry's
 * jobs. A run is safe to repeat (its changes have deterministic ids and are published before its
 * states are saved), so a failed or stalled job is simply retried.
 */
export function startNodeTrackingWorker(connection: ConnectionOptions, prefix: string, trackNow: () => Promise<TrackRun>, logger: Logger) {
  const jobs = nodeTrackingJobs(trackNow, logger);
  checkWorkerJobs('nodeTracking', Object.keys(jobs));
  const worker = new Worker(
    QUEUES.nodeTracking,
    async (job) => {
      if (!Object.hasOwn(jobs, job.name)) throw new UnrecoverableError(`no handler for job ${job.name}`);
      await jobs[job.name as JobName<'nodeTracking'>](job);
    },
    { connection, prefix, concurrency: 1 },
  );
  worker.on('failed', (job, err) => logger.error({ jobId: job?.id, job: job?.name, err }, 'node tracking job failed'));
  worker.on('error', (err) => logger.warn({ err: err.message }, 'node tracking worker error'));
  return worker;
}
