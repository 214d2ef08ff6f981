import type { NodeChange } from '@shm/contracts';
import type { AlertDestinationRecord, DeliveryRecord, NotificationRecord } from './ports';
import type { AlertsDomain } from './deps';
import { notifyNodeChanges } from './notify-node-changes';

const NOW = new Date('2026-02-01T12:00:00.000Z');
const KEY = 'cd'.repeat(32);
const change = (kind: NodeChange['kind']): NodeChange => ({ id: `7:${KEY}:${kind}`, publicKey: KEY, kind, from: 'active', to: 'gone', cycle: 7, at: NOW.toISOString() });
const destination = { id: 'd1', walletAddress: '0xa' } as AlertDestinationRecord;

/** In-memory stores with the repositories' idempotent inserts. */
function fakes() {
  const notifications = new Map<string, NotificationRecord>();
  const deliveries = new Map<string, DeliveryRecord>();
  const queued: string[] = [];
  const linkedTo = jest.fn(async () => [{ walletAddress: '0xa', id: 'e1', nodePublicKey: KEY, label: 'Box' }]);
  const d = {
    now: () => NOW,
    watchers: { linkedTo },
    alerts: {
      maxEventAgeMs: 3_600_000,
      destinations: { list: async () => [destination] },
      notifications: { insert: async (n: NotificationRecord) => !notifications.has(n.id) && !!notifications.set(n.id, n) },
      deliveries: { insert: async (r: DeliveryRecord) => !deliveries.has(r.id) && !!deliveries.set(r.id, r), get: async (id: string) => deliveries.get(id) ?? null },
      queue: { enqueue: async ({ id }: { id: string }) => void queued.push(id) },
    },
  } as unknown as AlertsDomain;
  return { d, notifications, deliveries, queued, linkedTo };
}
const event = (changes: NodeChange[]) => ({ cycle: 7, at: NOW.toISOString(), changes });

describe('notifying node changes', () => {
  it('when an event has alert and other changes, then only the alert kinds notify, with one lookup for all keys', async () => {
    const { d, notifications, queued, linkedTo } = fakes();
    expect(await notifyNodeChanges(d, event([change('lost'), change('refuted'), change('standby-added')]), NOW)).toEqual({ notifications: 1, deliveries: 1 });
    expect(linkedTo).toHaveBeenCalledTimes(1);
    expect([...notifications.values()].map((n) => [n.id, n.message])).toEqual([[`7:${KEY}:lost:0xa`, 'Node Box was reported lost']]);
    expect(queued).toEqual([`7:${KEY}:lost:d1`]);
  });

  it('when the same event is handled twice, then nothing is stored or queued twice', async () => {
    const { d, notifications, deliveries, queued } = fakes();
    await notifyNodeChanges(d, event([change('vanished')]), NOW);
    const delivery = deliveries.get(`7:${KEY}:vanished:d1`);
    if (!delivery) throw new Error('the first pass stored no delivery');
    delivery.status = 'delivered';
    expect(await notifyNodeChanges(d, event([change('vanished')]), NOW)).toEqual({ notifications: 0, deliveries: 0 });
    expect([notifications.size, deliveries.size, queued.length]).toEqual([1, 1, 1]);
  });

  it('when a delivery was stored but its job may not have been queued (a crash between), then handling again queues it (the queue drops a duplicate id)', async () => {
    const { d, queued } = fakes();
    await notifyNodeChanges(d, event([change('removed')]), NOW);
    await notifyNodeChanges(d, event([change('removed')]), NOW);
    expect(queued).toEqual([`7:${KEY}:removed:d1`, `7:${KEY}:removed:d1`]);
  });

  it('when the event was published longer ago than the maximum age (a replay of old history), then nobody is alerted', async () => {
    const { d, queued, linkedTo } = fakes();
    const published = new Date(NOW.getTime() - 3_600_001);
    expect(await notifyNodeChanges(d, event([change('activated')]), published)).toEqual({ notifications: 0, deliveries: 0 });
    expect(linkedTo).not.toHaveBeenCalled();
    expect(queued).toEqual([]);
  });
});
