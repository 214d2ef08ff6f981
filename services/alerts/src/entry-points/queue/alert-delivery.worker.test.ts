import { JOBS, checkWorkerJobs } from '@shm/contracts';
import { testLogger } from '@shm/platform/testing';
import type { DeliveryJob } from '../../domain/deliver-alert';
import { alertDeliveryJobs, type AlertDeliveryUseCases } from './alert-delivery.worker';

const delivery: DeliveryJob = { deliveryId: '48213:ab:activated:dest-1', wallet: `0x${'cd'.repeat(20)}` };
const context = (attempt: number) => ({ id: 'job', attempt, finalAttempt: attempt >= 3, log: testLogger('alerts') });

function handler(deliver: AlertDeliveryUseCases['deliver']) {
  const seen = { observed: [] as string[], gaveUp: [] as string[] };
  const [deliverAlert] = alertDeliveryJobs({
    deliver,
    giveUp: async (given, error) => void seen.gaveUp.push(`${given.deliveryId}: ${error}`),
    observe: (outcome) => void seen.observed.push(outcome),
  });
  if (!deliverAlert) throw new Error('no deliver-alert handler');
  return { deliverAlert, seen };
}

describe('the alert-delivery jobs', () => {
  it('when their handlers are checked against the job registry, then they pass (the worker starts)', () => {
    const { deliverAlert } = handler(async () => 'delivered');
    expect(() => checkWorkerJobs('alertDelivery', [JOBS.alertDelivery[deliverAlert.job]])).not.toThrow();
  });

  it('when an attempt before the last fails, then it is counted retried and nothing is dead-lettered', async () => {
    const { deliverAlert, seen } = handler(() => Promise.reject(new Error('mongo went away')));
    await expect(deliverAlert.run(delivery, context(1))).rejects.toThrow('mongo went away');
    expect(seen).toEqual({ observed: ['retried'], gaveUp: [] });
  });

  it('when the last attempt fails on our side, then it is counted dead and the runtime\'s failed hook dead-letters the delivery with the error', async () => {
    const { deliverAlert, seen } = handler(() => Promise.reject(new Error('mongo went away')));
    await expect(deliverAlert.run(delivery, context(3))).rejects.toThrow('mongo went away');
    await deliverAlert.failed?.(delivery, 'mongo went away');
    expect(seen).toEqual({ observed: ['dead'], gaveUp: [`${delivery.deliveryId}: mongo went away`] });
  });

  it('when BullMQ gives a job up as stalled too often, then the delivery is dead-lettered as interrupted', async () => {
    const { deliverAlert, seen } = handler(async () => 'delivered');
    await deliverAlert.failed?.(delivery, 'job stalled more than allowable limit');
    expect(seen).toEqual({ observed: [], gaveUp: [`${delivery.deliveryId}: The delivery was interrupted too often (its worker stopped mid-send)`] });
  });
});
