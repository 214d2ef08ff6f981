import type { Job } from 'bullmq';
import { JOBS, checkWorkerJobs } from '@shm/contracts';
import type { DeliveryJob } from '../../domain/deliver-alert';
import { alertDeliveryJobs, type AlertWorkerHandlers } from './alert-delivery.worker';

const delivery: DeliveryJob = { deliveryId: '48213:ab:activated:dest-1', wallet: `0x${'cd'.repeat(20)}` };
const job = (attemptsMade: number) => ({ name: JOBS.alertDelivery.deliverAlert, data: delivery, attemptsMade, opts: { attempts: 3 } }) as unknown as Job<DeliveryJob>;

function handlers(deliver: AlertWorkerHandlers['deliver']) {
  const seen = { observed: [] as string[], gaveUp: [] as string[] };
  const table = alertDeliveryJobs({
    deliver,
    giveUp: async (given, error) => void seen.gaveUp.push(`${given.deliveryId}: ${error}`),
    observe: (outcome) => void seen.observed.push(outcome),
  });
  return { table, seen };
}

describe('the alert-delivery worker', () => {
  it('when its handlers are checked against the job registry, then they pass (the worker starts)', () => {
    expect(() => checkWorkerJobs('alertDelivery', Object.keys(handlers(async () => 'delivered').table))).not.toThrow();
  });

  it('when the last attempt fails on our side, then the delivery is dead-lettered and counted dead', async () => {
    const { table, seen } = handlers(() => Promise.reject(new Error('mongo went away')));
    await expect(table[JOBS.alertDelivery.deliverAlert](job(2))).rejects.toThrow('mongo went away');
    expect(seen).toEqual({ observed: ['dead'], gaveUp: [`${delivery.deliveryId}: mongo went away`] });
  });
});
