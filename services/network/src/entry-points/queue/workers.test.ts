import { JOBS, checkWorkerJobs } from '@shm/contracts';
import { testLogger } from '@shm/platform/testing';
import type { TrackRun } from '../../node-tracking/domain/track-nodes';
import { networkPollingJobs } from './network-polling.worker';
import { nodeTrackingJobs } from '../../node-tracking/entry-points/queue/node-tracking.worker';

const run = (caughtUp: boolean): TrackRun => ({ processed: 1, lastCycle: 10, caughtUp, published: [] });

describe('the network workers', () => {
  it('when the tracking handlers are checked against the job registry, then they pass (the worker starts)', () => {
    expect(() => checkWorkerJobs('nodeTracking', Object.keys(nodeTrackingJobs(async () => run(true), testLogger('network'))))).not.toThrow();
  });

  it('when a poll-price job runs, then the price is polled and not the network', async () => {
    const polled: string[] = [];
    const jobs = networkPollingJobs({ network: async () => polled.push('network'), price: async () => polled.push('price') });
    const pollPrice = jobs.find((handler) => handler.job === 'pollPrice');
    await pollPrice?.run({}, { id: 'poll-price-1', attempt: 1, finalAttempt: true, log: testLogger('network') });
    expect(polled).toEqual(['price']);
  });

  it('when a tracking job runs behind the newest cycle, then it runs the tracker again until caught up', async () => {
    const answers = [run(false), run(false), run(true)];
    let runs = 0;
    const jobs = nodeTrackingJobs(async () => answers[runs++] ?? run(true), testLogger('network'));
    await jobs[JOBS.nodeTracking.trackNodes]({ id: 'track-10' });
    expect(runs).toBe(3);
  });
});
