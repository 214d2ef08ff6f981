import type { NodeChange } from '@shm/contracts';
import type { AlertsDomain } from './deps';
import { checkPenalty } from './notify-penalty';
import type { PenaltyRecord } from './penalty-rules';
import type { AlertDestinationRecord, DeliveryRecord, NotificationRecord } from './ports';

const T = Date.parse('2026-03-01T10:00:00.000Z');
const KEY = 'cd'.repeat(32);
const iso = (ms: number) => new Date(ms).toISOString();
const refuted: NodeChange = { id: `70:${KEY}:refuted`, publicKey: KEY, kind: 'refuted', from: 'active', to: 'active', cycle: 70, at: iso(T) };
const apoptosized: NodeChange = { id: `60:${KEY}:left-active`, publicKey: KEY, kind: 'apoptosized', from: 'active', to: 'gone', cycle: 75, at: iso(T + 300_000) };
const TX = `0x${'1f'.repeat(32)}`;
/** 20 % of a 10,000 SHM stake, and one wei. */
const taken = (txHash: string | null, atMs = T + 20_000): PenaltyRecord => ({ txHash, at: iso(atMs), violation: 'refuted', amountWei: '2000000000000000000001', value: null, currency: 'usd' });

/** Two wallets watch the node: 0xa with destinations a1 and a2, 0xb with b1; the clock is 30 s after the incident's cycle start. */
function fakes(read: () => Promise<PenaltyRecord[] | null>) {
  const notifications = new Map<string, NotificationRecord>();
  const deliveries = new Map<string, DeliveryRecord>();
  const claims = new Map<string, string>();
  const queued: string[] = [];
  const scheduled: { id: string; step: number; delayMs: number }[] = [];
  const destinations: Record<string, AlertDestinationRecord[]> = {
    '0xa': [{ id: 'a1' }, { id: 'a2' }] as AlertDestinationRecord[],
    '0xb': [{ id: 'b1' }] as AlertDestinationRecord[],
  };
  const d = {
    now: () => new Date(T + 30_000),
    watchers: {
      linkedTo: async () => [
        { walletAddress: '0xa', id: 'e1', nodePublicKey: KEY, label: 'Box' },
        { walletAddress: '0xb', id: 'e2', nodePublicKey: KEY },
      ],
    },
    alerts: {
      destinations: { ofWallets: async (wallets: string[]) => new Map(wallets.map((wallet) => [wallet, destinations[wallet] ?? []])) },
      notifications: { insert: async (n: NotificationRecord) => !notifications.has(n.id) && !!notifications.set(n.id, n) },
      deliveries: { insert: async (r: DeliveryRecord) => !deliveries.has(r.id) && !!deliveries.set(r.id, r), get: async (id: string) => deliveries.get(id) ?? null },
      // As BullMQ does: a job id already queued (or kept as finished) adds nothing.
      queue: {
        enqueue: async ({ id }: { id: string }) => {
          if (!queued.includes(id)) queued.push(id);
        },
      },
      penalty: {
        read: { of: jest.fn(read) },
        claims: { claim: async (tx: string, incident: string) => claims.get(tx) ?? (claims.set(tx, incident), incident) },
        checks: { schedule: async ({ incident, step }: { incident: NodeChange; step: number }, delayMs: number) => void scheduled.push({ id: incident.id, step, delayMs }) },
        rules: { scheduleMs: [60_000, 120_000, 300_000], slackMs: 600_000 },
      },
    },
  } as unknown as AlertsDomain;
  return { d, notifications, deliveries, queued, scheduled };
}

describe('a penalty check after an incident', () => {
  it('when the chain took 2,000 SHM and a wei for the refutation, then each destination of each watching wallet gets it once, and the checks end', async () => {
    const { d, notifications, queued, scheduled } = fakes(async () => [taken(TX)]);
    expect(await checkPenalty(d, { incident: refuted, step: 0 })).toEqual({ notifications: 2, deliveries: 3, read: true, found: 1, next: null });
    expect(queued).toEqual([`penalty:${TX}:a1`, `penalty:${TX}:a2`, `penalty:${TX}:b1`]);
    const [forBox, forKey] = [...notifications.values()];
    expect(forBox?.message).toBe(
      `Node Box: penalty applied: 2,000.000000000000000001 SHM taken from the stake for being refuted (it was reported lost, then answered) [refuted] (transaction ${TX})`,
    );
    expect(forKey?.message.startsWith('Node cdcdcdcd…cdcd: penalty applied: 2,000.000000000000000001 SHM')).toBe(true);
    expect([forBox?.phase, forBox?.trigger, forBox?.episodeId, forBox?.change.id]).toEqual(['info', 'penalty', null, refuted.id]);
    expect(scheduled).toEqual([]);
  });

  it('when the same check runs again (a retried job, a second replica), then nothing more is stored or sent, and no next check', async () => {
    const { d, queued, scheduled } = fakes(async () => [taken(TX)]);
    await checkPenalty(d, { incident: refuted, step: 0 });
    expect(await checkPenalty(d, { incident: refuted, step: 0 })).toEqual({ notifications: 0, deliveries: 0, read: true, found: 1, next: null });
    expect(queued).toHaveLength(3);
    expect(scheduled).toEqual([]);
  });

  it('when the network service cannot answer, then nothing is told and the next check is scheduled (at 2 min after the incident: in 90 s); after the last, none', async () => {
    const { d, queued, scheduled } = fakes(async () => null);
    expect(await checkPenalty(d, { incident: refuted, step: 0 })).toEqual({ notifications: 0, deliveries: 0, read: false, found: 0, next: 1 });
    expect(await checkPenalty(d, { incident: refuted, step: 2 })).toMatchObject({ read: false, next: null });
    expect(scheduled).toEqual([{ id: refuted.id, step: 1, delayMs: 90_000 }]);
    expect(queued).toEqual([]);
  });

  it('when the only penalty is older than the incident less 10 min, or not listed with a hash yet, then nothing is told and the checks go on', async () => {
    const { d, queued } = fakes(async () => [taken(`0x${'2e'.repeat(32)}`, T - 600_001), taken(null)]);
    expect(await checkPenalty(d, { incident: refuted, step: 0 })).toMatchObject({ read: true, found: 0, next: 1 });
    expect(queued).toEqual([]);
  });

  it("when a later incident finds the first one's penalty within its slack, then it tells nothing and keeps checking; its own penalty is then told once", async () => {
    const own = `0x${'3d'.repeat(32)}`;
    const rows = [taken(TX)];
    const { d, queued, scheduled } = fakes(async () => rows);
    await checkPenalty(d, { incident: refuted, step: 0 });
    expect(await checkPenalty(d, { incident: apoptosized, step: 0 })).toMatchObject({ found: 0, next: 1 });
    rows.push({ ...taken(own, T + 310_000), violation: 'left-early' });
    expect(await checkPenalty(d, { incident: apoptosized, step: 1 })).toMatchObject({ found: 1, deliveries: 3, next: null });
    expect(queued.filter((id) => id.startsWith(`penalty:${own}`))).toEqual([`penalty:${own}:a1`, `penalty:${own}:a2`, `penalty:${own}:b1`]);
    expect(queued).toHaveLength(6);
    expect(scheduled.map((check) => [check.id, check.step])).toEqual([[apoptosized.id, 1]]);
  });
});
