import type { AlertDestinationRecord, DeliveryRecord, SendResult } from './ports';
import { testAlert } from './alert-messages';
import { DeliveryFailed, deliverAlert } from './deliver-alert';
import type { AlertsDomain } from './deps';

const AT = '2026-02-01T00:00:00.000Z';
const destination: AlertDestinationRecord = { id: 'd1', walletAddress: '0xa', channel: 'webhook', label: 'L', url: 'https://hooks.example.com/x', chatId: null, secret: null, createdAt: AT, updatedAt: AT };
const pending: DeliveryRecord = {
  id: 'test:1:d1',
  walletAddress: '0xa',
  destinationId: 'd1',
  notificationId: null,
  status: 'pending',
  attempts: 0,
  lastError: null,
  test: true,
  alert: testAlert('L', AT),
  createdAt: AT,
  updatedAt: AT,
};

/** The use case over in-memory fakes: the delivery and destination given, a sender answering `result`. */
function domainWith({
  delivery = pending,
  dest = destination,
  result = { ok: true },
}: { delivery?: DeliveryRecord; dest?: AlertDestinationRecord; result?: SendResult } = {}) {
  const recorded: unknown[] = [];
  const send = jest.fn(async () => result);
  const d = {
    now: () => new Date(AT),
    alerts: {
      deliveries: { get: async () => delivery, recordAttempt: async (id: string, outcome: unknown) => void recorded.push([id, outcome]) },
      destinations: { get: async () => dest },
      sender: { send },
    },
  } as unknown as AlertsDomain;
  return { d, recorded, send };
}
const job = { deliveryId: 'test:1:d1', wallet: '0xa' };

describe('one delivery attempt', () => {
  it('when the receiver takes it, then the delivery is recorded delivered', async () => {
    const { d, recorded } = domainWith();
    expect(await deliverAlert(d, job, { finalAttempt: false })).toBe('delivered');
    expect(recorded).toEqual([['test:1:d1', { status: 'delivered', error: null, at: AT }]]);
  });

  it('when it fails with attempts left, then it is recorded retrying with the error and thrown for the queue to retry', async () => {
    const { d, recorded } = domainWith({ result: { ok: false, error: 'HTTP 500' } });
    await expect(deliverAlert(d, job, { finalAttempt: false })).rejects.toThrow(DeliveryFailed);
    expect(recorded).toEqual([['test:1:d1', { status: 'retrying', error: 'HTTP 500', at: AT }]]);
  });

  it('when the last attempt fails, then the delivery is dead (dead-lettered)', async () => {
    const { d, recorded } = domainWith({ result: { ok: false, error: 'HTTP 500' } });
    await expect(deliverAlert(d, job, { finalAttempt: true })).rejects.toThrow('HTTP 500');
    expect(recorded).toEqual([['test:1:d1', { status: 'dead', error: 'HTTP 500', at: AT }]]);
  });

  it('when the destination was deleted, then nothing is sent and the job completes', async () => {
    const { d, recorded, send } = domainWith({ dest: null as unknown as AlertDestinationRecord });
    expect(await deliverAlert(d, job, { finalAttempt: false })).toBe('skipped');
    expect(send).not.toHaveBeenCalled();
    expect(recorded).toEqual([]);
  });

  it.each(['delivered', 'dead'] as const)('when the delivery is already %s (a job run again), then nothing is sent', async (status) => {
    const { d, send } = domainWith({ delivery: { ...pending, status } });
    expect(await deliverAlert(d, job, { finalAttempt: false })).toBe('skipped');
    expect(send).not.toHaveBeenCalled();
  });
});
