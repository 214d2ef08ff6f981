import { testLogger } from '@shm/platform/testing';
import { networkPollingJobs } from './network-polling.worker';

describe('the network workers', () => {
  it('when a poll-price job runs, then the price is polled and not the network', async () => {
    const polled: string[] = [];
    const jobs = networkPollingJobs({ network: async () => polled.push('network'), price: async () => polled.push('price') });
    const pollPrice = jobs.find((handler) => handler.job === 'pollPrice');
    await pollPrice?.run({}, { id: 'poll-price-1', attempt: 1, finalAttempt: true, log: testLogger('network') });
    expect(polled).toEqual(['price']);
  });
});
