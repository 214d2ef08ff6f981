import type { NodeChange, NodeChangeKind } from '@shm/contracts';
import type { ActivityStore, AlertDestinationRecord, DeliveryRecord, EpisodeStore, NotificationRecord } from './ports';
import type { AlertsDomain } from './deps';
import type { EpisodeState } from './episodes';
import { notifyNodeChanges } from './notify-node-changes';

const START = Date.parse('2026-02-01T12:00:00.000Z');
const KEY = 'cd'.repeat(32);
const OTHER = 'ab'.repeat(32);
/** Cycle n starts n minutes after START. */
const atCycle = (cycle: number) => new Date(START + cycle * 60_000).toISOString();
const change = (kind: NodeChangeKind, cycle: number, key = KEY, extra: Partial<NodeChange> = {}): NodeChange => ({
  id: `${cycle}:${key}:${kind}`,
  publicKey: key,
  kind,
  from: 'active',
  to: 'active',
  cycle,
  at: atCycle(cycle),
  ...extra,
});
/** A departure from the active set entered at `since`: ids name the state left and its cycle. */
const leftActive = (kind: 'removed' | 'apoptosized', since: number, cycle: number, key = KEY) =>
  change(kind, cycle, key, { id: `${since}:${key}:left-active`, from: 'active', to: 'gone' });
const destination = { id: 'd1', walletAddress: '0xa' } as AlertDestinationRecord;

/** In-memory stores with the repositories' idempotent inserts, and a clock the test moves. */
function fakes(options: { earned?: number | null; rate?: number | null; minPeriods?: number } = {}) {
  const clock = { now: new Date(START) };
  const notifications = new Map<string, NotificationRecord>();
  const deliveries = new Map<string, DeliveryRecord>();
  const queued: string[] = [];
  const episodes = new Map<string, EpisodeState>();
  const active = new Map<string, { change: NodeChange; stuck: boolean }>();
  const periods = new Map<string, number>();
  const scheduled: { id: string; step: number; delayMs: number }[] = [];
  const episodeStore: EpisodeStore = {
    get: async (key, wallet) => structuredClone(episodes.get(`${key}:${wallet}`) ?? null),
    getMany: async (pairs) =>
      new Map(pairs.flatMap(({ publicKey, wallet }) => {
        const known = episodes.get(`${publicKey}:${wallet}`);
        return known ? [[`${publicKey}:${wallet}`, structuredClone(known)] as const] : [];
      })),
    save: async (key, wallet, state) => void episodes.set(`${key}:${wallet}`, structuredClone(state)),
    due: async (now) =>
      [...episodes]
        .filter(([, state]) => state.open && Date.parse(state.open.nextReminderAt) <= now.getTime())
        .map(([id, state]) => ({ publicKey: id.split(':')[0] ?? '', wallet: id.split(':')[1] ?? '', state: structuredClone(state) })),
  };
  const activity: ActivityStore = {
    started: async (c) => void active.set(c.publicKey, { change: c, stuck: false }),
    ended: async (key, { id, cycles }) => void (periods.set(id, cycles), active.delete(key)),
    recentLengths: async () => [...periods.values()],
    activeSince: async (cycle) => [...active.values()].filter((a) => !a.stuck && a.change.cycle <= cycle).map((a) => a.change),
    markStuck: async (key) => {
      const known = active.get(key);
      if (known) known.stuck = true;
    },
  };
  const linkedTo = jest.fn(async (keys: string[]) => keys.filter((k) => k === KEY).map((k) => ({ walletAddress: '0xa', id: 'e1', nodePublicKey: k, label: 'Box' })));
  const periodEarned = jest.fn(async () => (options.earned === undefined ? 0.666667 : options.earned));
  const d = {
    now: () => clock.now,
    watchers: { linkedTo },
    alerts: {
      maxEventAgeMs: 3_600_000,
      destinations: { ofWallets: async (wallets: string[]) => new Map(wallets.map((wallet) => [wallet, [destination]])) },
      notifications: { insert: async (n: NotificationRecord) => !notifications.has(n.id) && !!notifications.set(n.id, n) },
      deliveries: { insert: async (r: DeliveryRecord) => !deliveries.has(r.id) && !!deliveries.set(r.id, r), get: async (id: string) => deliveries.get(id) ?? null },
      queue: { enqueue: async ({ id }: { id: string }) => void queued.push(id) },
      episodes: episodeStore,
      rules: { reminderMs: 24 * 3_600_000, flapCycles: 10 },
      money: { periodEarned },
      rate: { perHour: () => (options.rate === undefined ? 10 : options.rate) },
      activity,
      stuck: { factor: 1.5, minPeriods: options.minPeriods ?? 3, sample: 1000 },
      penalty: {
        checks: { schedule: async ({ incident, step }: { incident: NodeChange; step: number }, delayMs: number) => void scheduled.push({ id: incident.id, step, delayMs }) },
        rules: { scheduleMs: [60_000, 300_000], slackMs: 600_000 },
      },
    },
  } as unknown as AlertsDomain;
  const messages = () => [...notifications.values()].map((n) => n.message);
  /** Handles an event published now, of the cycle of its first change. */
  const handle = (changes: NodeChange[], cycle = changes[0]?.cycle ?? 0) => notifyNodeChanges(d, { cycle, at: atCycle(cycle), changes }, clock.now);
  return { d, clock, notifications, deliveries, queued, linkedTo, periodEarned, episodes, messages, handle, scheduled };
}

describe('notifying node changes', () => {
  it('when an event has alert and other changes, then the alert kinds notify (refuted and standby-added alone do not), with one lookup for all keys', async () => {
    const { notifications, queued, linkedTo, handle } = fakes();
    expect(await handle([change('lost', 7), change('refuted', 7, OTHER), change('standby-added', 7, OTHER)])).toEqual({ notifications: 1, deliveries: 1 });
    expect(linkedTo).toHaveBeenCalledTimes(1);
    expect([...notifications.values()].map((n) => [n.id, n.message, n.phase, n.episodeId])).toEqual([
      [`7:${KEY}:lost:0xa`, 'Node Box was reported lost at cycle 7: a penalty may follow, whether it refutes or is removed (while the network’s slashing is on)', 'problem', `7:${KEY}:lost`],
    ]);
    expect(queued).toEqual([`7:${KEY}:lost:d1`]);
  });

  it('when a node goes standby → selected → active → rotated out, then exactly 3 alerts saying what each means for money', async () => {
    const { handle, messages, periodEarned } = fakes({ earned: 0.666667, rate: 10 });
    await handle([change('standby-added', 1, KEY, { from: 'unknown', to: 'standby' })]);
    await handle([change('selected', 2, KEY, { from: 'standby', to: 'syncing' })]);
    await handle([change('activated', 4, KEY, { from: 'syncing', to: 'active' })]);
    await handle([leftActive('removed', 4, 8)]);
    expect(messages()).toEqual([
      'Node Box was selected at cycle 2: syncing now, no reward until it is active',
      'Node Box is active: reward clock started at cycle 4 at 10 SHM/h',
      'Node Box rotated out at cycle 8: 0.666667 SHM earned for the period, credited by the chain at the claim',
    ]);
    // The period asked for is the one that ended at cycle 8's start.
    expect(periodEarned).toHaveBeenCalledWith(KEY, atCycle(8));
  });

  it('when the reward rate and the period are not known (network away), then the alerts still go, saying so', async () => {
    const { handle, messages } = fakes({ earned: null, rate: null });
    await handle([change('activated', 4, KEY, { from: 'syncing', to: 'active' })]);
    await handle([leftActive('removed', 4, 8)]);
    expect(messages()).toEqual([
      "Node Box is active: reward clock started at cycle 4 at the network's reward rate (not known to the alerts service yet)",
      "Node Box rotated out at cycle 8: the period's earned SHM is not known yet (the portfolio shows it)",
    ]);
  });

  it('when a node is lost and refutes the next cycle (a flap), then 1 alert and 1 recovery; a second flap within 10 cycles adds nothing', async () => {
    const { handle, messages, queued } = fakes();
    await handle([change('lost', 20)]);
    await handle([change('refuted', 21)]);
    await handle([change('lost', 25)]);
    await handle([change('refuted', 26)]);
    expect(messages()).toEqual([
      'Node Box was reported lost at cycle 20: a penalty may follow, whether it refutes or is removed (while the network’s slashing is on)',
      'Recovered: Node Box refuted its loss at cycle 21: it stays active, its reward clock running (the problem since cycle 20 is over)',
    ]);
    expect(queued).toEqual([`20:${KEY}:lost:d1`, `21:${KEY}:refuted:d1`]);
  });

  it('when one event drops a node from standby and a later change in it puts it back, then the problem and its recovery, in order (the episode read once per event is kept up to date)', async () => {
    const { handle, notifications } = fakes();
    await handle([change('standby-removed', 50, KEY, { from: 'standby', to: 'gone' }), change('standby-added', 50, KEY, { id: `50:${KEY}:standby-added-again`, from: 'gone', to: 'standby' })]);
    expect([...notifications.values()].map((n) => [n.phase, n.trigger])).toEqual([
      ['problem', 'standby-removed'],
      ['recovery', 'standby-added'],
    ]);
  });

  it('when the alerts were stored but the episode not saved (a crash between) and the event is handled again, then nothing is told twice', async () => {
    const { handle, episodes, notifications, deliveries } = fakes();
    await handle([change('lost', 30)]);
    episodes.clear();
    expect(await handle([change('lost', 30)])).toEqual({ notifications: 0, deliveries: 0 });
    await handle([change('refuted', 31)]);
    await handle([change('refuted', 31)]);
    expect([notifications.size, deliveries.size]).toEqual([2, 2]);
  });

  it('when a problem stays open, then a reminder a day after it opened, none sooner, the next a day later (the clock moved by the test)', async () => {
    const { handle, clock, messages, queued } = fakes();
    await handle([change('standby-removed', 40, KEY, { from: 'standby', to: 'gone' })]);
    const tick = async (at: string) => {
      clock.now = new Date(at);
      await handle([change('standby-added', 41, OTHER)]);
    };
    // Opened at cycle 40's start: 12:40. Not due at 12:39:59 the next day; due at 12:40.
    await tick('2026-02-02T12:39:59.000Z');
    expect(messages()).toHaveLength(1);
    await tick('2026-02-02T12:40:00.000Z');
    await tick('2026-02-02T18:00:00.000Z');
    expect(messages()).toEqual([
      'Node Box was dropped from the standby list at cycle 40 without being selected (a missed standby refresh): it earns nothing and cannot be selected until it rejoins',
      'Node Box is still dropped from the standby list since cycle 40 (a daily reminder)',
    ]);
    await tick('2026-02-03T12:40:00.000Z');
    expect(queued).toEqual([`40:${KEY}:standby-removed:d1`, `40:${KEY}:standby-removed:reminder-1:d1`, `40:${KEY}:standby-removed:reminder-2:d1`]);
  });

  it('when the observed P99 period is 10 cycles, then a linked node active more than 15 cycles is stuck: one alert, and its rotation out is the recovery', async () => {
    const { handle, messages } = fakes({ minPeriods: 3 });
    await handle([change('activated', 100, KEY, { from: 'syncing', to: 'active' })]);
    // Three periods of 8, 9 and 10 cycles end (unlinked nodes): P99 10, threshold 15.
    await handle([leftActive('removed', 92, 100, OTHER), leftActive('removed', 92, 101, `${'01'.repeat(31)}02`), leftActive('removed', 92, 102, `${'01'.repeat(31)}03`)]);
    await handle([change('standby-added', 115, OTHER)]);
    expect(messages()).toHaveLength(1);
    await handle([change('standby-added', 116, OTHER)]);
    await handle([change('standby-added', 117, OTHER)]);
    await handle([leftActive('removed', 100, 130)]);
    expect(messages()).toEqual([
      'Node Box is active: reward clock started at cycle 100 at 10 SHM/h',
      'Node Box has been active 16 cycles since cycle 100, far longer than the observed P99 period of 10 cycles: check that it still rotates out',
      'Recovered: Node Box rotated out at cycle 130: 0.666667 SHM earned for the period, credited by the chain at the claim (the problem since cycle 116 is over)',
    ]);
  });

  it('when a watched node refutes, is lost, and an unwatched one is apoptosized, then one penalty check, due a minute after the refutation cycle starts', async () => {
    const { handle, clock, scheduled } = fakes();
    clock.now = new Date(Date.parse(atCycle(60)) + 15_000);
    await handle([change('lost', 60), change('refuted', 60, KEY, { id: `60:${KEY}:refuted` }), leftActive('apoptosized', 50, 60, OTHER)]);
    expect(scheduled).toEqual([{ id: `60:${KEY}:refuted`, step: 0, delayMs: 45_000 }]);
  });

  it('when the event was published longer ago than the maximum age (a replay of old history), then nobody is alerted', async () => {
    const { d, queued, linkedTo } = fakes();
    const published = new Date(START - 3_600_001);
    expect(await notifyNodeChanges(d, { cycle: 7, at: atCycle(7), changes: [change('activated', 7)] }, published)).toEqual({ notifications: 0, deliveries: 0 });
    expect(linkedTo).not.toHaveBeenCalled();
    expect(queued).toEqual([]);
  });
});
