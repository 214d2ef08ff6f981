import { jobHandler } from '@shm/platform/jobs';
import type { TrackRun } from '../../domain/track-nodes';

/** Runs one job may make while catching up (a first run over a long history, a long absence). */
const MAX_RUNS_PER_JOB = 50;

/**
 * The node-tracking queue's job: runs the tracker until it has caught up with the newest stored
 * cycle. A run is safe to repeat (its changes have deterministic ids and are published before its
 * states are saved), so a failed or stalled job is simply retried.
 */
export const nodeTrackingJobs = (trackNow: () => Promise<TrackRun>) => [
  jobHandler({
    queue: 'nodeTracking',
    job: 'trackNodes',
    async run(_payload, { log }) {
      for (let runs = 0; runs < MAX_RUNS_PER_JOB; runs++) {
        if ((await trackNow()).caughtUp) return;
      }
      log.warn('node tracking still catching up; the next job goes on');
    },
  }),
];
