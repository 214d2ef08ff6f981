import { UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import { QUEUES } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import { TRACK_JOB } from '../../data-access/tracking-queue';
import type { TrackRun } from '../../domain/track-nodes';

/** Runs one job may make while catching up (a first run over a long history, a long absence). */
const MAX_RUNS_PER_JOB = 50;

/**
 * Runs the tracking jobs one at a time: each job runs the tracker until it has caught up with the
 * newest stored cycle. A run is safe to repeat (its changes have deterministic ids and are
 * published before its states are saved), so a failed or stalled job is simply retried.
 */
export function startNodeTrackingWorker(connection: ConnectionOptions, prefix: string, trackNow: () => Promise<TrackRun>, logger: Logger) {
  const worker = new Worker(
    QUEUES.nodeTracking,
    async (job) => {
      if (job.name !== TRACK_JOB) throw new UnrecoverableError(`no handler for job ${job.name}`);
      for (let runs = 0; runs < MAX_RUNS_PER_JOB; runs++) {
        if ((await trackNow()).caughtUp) return;
      }
      logger.warn({ jobId: job.id }, 'node tracking still catching up; the next job goes on');
    },
    { connection, prefix, concurrency: 1 },
  );
  worker.on('failed', (job, err) => logger.error({ jobId: job?.id, job: job?.name, err }, 'node tracking job failed'));
  worker.on('error', (err) => logger.warn({ err: err.message }, 'node tracking worker error'));
  return worker;
}
