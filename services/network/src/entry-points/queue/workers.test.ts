import { JOBS, checkWorkerJobs } from '@shm/contracts';
import { testLogger } from '@shm/platform/testing';
import type { TrackRun } from '../../node-tracking/domain/track-nodes';
import { networkPollingJobs } from './network-polling.worker';
import { nodeTrackingJobs } from '../../node-tracking/entry-points/queue/node-tracking.worker';

const run = (caughtUp: boolean): TrackRun => ({ processed: 1, lastCycle: 10, caughtUp, published: [] });

describe('the network workers', () => {
  it('when their handlers are checked against the job registry, then they pass (both workers start)', () => {
    const polls = networkPollingJobs({ network: async () => undefined, price: async () => undefined });
    expect(() => checkWorkerJobs('networkPolling', Object.keys(polls))).not.toThrow();
    expect(() => checkWorkerJobs('nodeTracking', Object.keys(nodeTrackingJobs(async () => run(true), testLogger('network'))))).not.toThrow();
  });

  it('when a poll-price job runs, then the price is polled and not the network', async () => {
    const polled: string[] = [];
    const jobs = networkPollingJobs({ network: async () => polled.push('network'), price: async () => polled.push('price') });
    await jobs[JOBS.networkPolling.pollPrice]();
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
