import { JOBS, QUEUES, alertDeliveryJobId, checkWorkerJobs, deliveryIdOfAlertJob, type QueueKey } from './queues';

describe('the job registry check a worker runs at start', () => {
  it('when a worker handles exactly the jobs of its queue, then it may start', () => {
    for (const queue of Object.keys(QUEUES) as QueueKey[]) {
      expect(() => checkWorkerJobs(queue, Object.values(JOBS[queue]))).not.toThrow();
    }
  });

  it('when a worker has a handler for a job not registered on its queue, then it refuses, naming the job and the queue', () => {
    expect(() => checkWorkerJobs('networkPolling', ['poll-network', 'poll-price', 'poll-prices'])).toThrow(
      'The network-polling worker has a handler for job "poll-prices", which is not registered on that queue',
    );
  });

  it("when a worker has a handler for another queue's job, then it refuses", () => {
    expect(() => checkWorkerJobs('nodeTracking', ['track-nodes', 'verify-payment'])).toThrow('job "verify-payment", which is not registered');
  });

  it('when a job registered on the queue has no handler in the worker, then it refuses, naming the job', () => {
    expect(() => checkWorkerJobs('networkPolling', ['poll-network'])).toThrow('The network-polling worker has no handler for job "poll-price"');
  });

  it('when a worker lists a job twice, then it refuses', () => {
    expect(() => checkWorkerJobs('paymentVerification', ['verify-payment', 'verify-payment'])).toThrow('two handlers for job "verify-payment"');
  });
});

describe('alert delivery job ids', () => {
  const key = 'ab'.repeat(32);
  const destination = '6e2f4a8c-1b3d-4e5f-9a7b-8c0d2e4f6a1b';

  it.each([
    [`48213:${key}:activated:${destination}`, `48213_${key}_activated_${destination}`],
    [`48213:${key}:standby-removed:${destination}`, `48213_${key}_standby-removed_${destination}`],
    [`test:0b7c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4:${destination}`, `test_0b7c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4_${destination}`],
  ])('when the delivery is %s, then its job id has no ":" (BullMQ refuses them) and maps back', (deliveryId, jobId) => {
    expect(alertDeliveryJobId(deliveryId)).toBe(jobId);
    expect(deliveryIdOfAlertJob(jobId)).toBe(deliveryId);
  });
});
