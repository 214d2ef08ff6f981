import { JOBS, checkWorkerJobs } from '@shm/contracts';
import { testLogger } from '@shm/platform/testing';
import type { TrackRun } from '../../domain/track-nodes';
import { nodeTrackingJobs } from './node-tracking.worker';

const run = (caughtUp: boolean): TrackRun => ({ processed: 1, lastCycle: 10, caughtUp, published: [] });
const context = { id: 'track-10', attempt: 1, finalAttempt: false, log: testLogger('node-tracking') };

describe('the node-tracking jobs', () => {
  it('when their handlers are checked against the job registry, then they pass (the worker starts)', () => {
    expect(() => checkWorkerJobs('nodeTracking', nodeTrackingJobs(async () => run(true)).map((handler) => JOBS.nodeTracking[handler.job]))).not.toThrow();
  });

  it('when a tracking job runs behind the newest cycle, then it runs the tracker again until caught up', async () => {
    const answers = [run(false), run(false), run(true)];
    let runs = 0;
    const [trackNodes] = nodeTrackingJobs(async () => answers[runs++] ?? run(true));
    await trackNodes?.run({ newestCycle: 10 }, context);
    expect(runs).toBe(3);
  });

  it('when the tracker never catches up, then one job stops after 50 runs (the next job goes on)', async () => {
    let runs = 0;
    const [trackNodes] = nodeTrackingJobs(async () => (runs++, run(false)));
    await trackNodes?.run({ newestCycle: 10 }, context);
    expect(runs).toBe(50);
  });
});
