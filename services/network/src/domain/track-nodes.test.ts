import type { NodeChange } from '@shm/contracts';
import { testLogger } from '@shm/platform/testing';
import type { NodeLists } from './node-ports';
import type { CycleRecord, ListedNode } from './ports';
import { memoryNodeStates } from './testing/memory-node-states';
import { memoryHistory } from './testing/memory-stores';
import { trackingLag, trackNodes, type TrackNodesDeps } from './track-nodes';

// Cycle c starts at 2025-01-01 00:c:00 (60 s cycles from midnight), so `at(c)` is easy to read.
const MIDNIGHT = Date.parse('2025-01-01T00:00:00.000Z') / 1000;
const at = (c: number) => new Date((MIDNIGHT + c * 60) * 1000).toISOString();
const key = (name: string) => name.repeat(64).slice(0, 64);
const [A, B, F, K, L] = ['a', 'b', 'f', 'c', 'd'].map(key) as [string, string, string, string, string];

type Events = Partial<Pick<CycleRecord, 'joined' | 'activated' | 'removedIds' | 'apoptosizedIds' | 'lostIds' | 'refutedIds' | 'standbyAdded' | 'standbyRemoved'>>;
const record = (counter: number, events: Events = {}): CycleRecord => ({
  counter, start: MIDNIGHT + counter * 60, duration: 60, active: 0, standby: 0,
  joined: [], activated: [], leftIds: [], removedIds: [], apoptosizedIds: [], lostIds: [], refutedIds: [], standbyAdded: [], standbyRemoved: [],
  ...events,
});
const listed = (...keys: string[]): ListedNode[] => keys.map((publicKey) => ({ publicKey }));

function tracker(options: Partial<Pick<TrackNodesDeps, 'cyclesPerRun' | 'syncVanishCycles'>> = {}) {
  const history = memoryHistory();
  const states = memoryNodeStates();
  const events: { cycle: number; at: string; changes: NodeChange[] }[] = [];
  let lists: NodeLists = { active: [], syncing: [], standby: [] };
  let reward: { rewardPerHour: number; at: string } | undefined;
  let listReads = 0;
  let publishFails = false;
  let saveFails = false;
  const save = states.save.bind(states);
  states.save = async (nodes) => {
    if (saveFails) throw new Error('mongo is away');
    await save(nodes);
  };
  const deps: TrackNodesDeps = {
    history,
    states,
    lists: async () => {
      listReads += 1;
      return lists;
    },
    rewardPerHour: async () => reward,
    publish: async (event) => {
      if (publishFails) throw new Error('redis is away');
      events.push(event);
    },
    cyclesPerRun: options.cyclesPerRun ?? 100,
    syncVanishCycles: options.syncVanishCycles ?? 3,
    retentionDays: 90,
    logger: testLogger('network'),
    now: () => new Date(at(60)),
  };
  return {
    states,
    events,
    changes: () => events.flatMap((e) => e.changes),
    listReads: () => listReads,
    setLists: (next: NodeLists) => void (lists = next),
    setReward: (next: typeof reward) => void (reward = next),
    failPublish: (fails: boolean) => void (publishFails = fails),
    failSave: (fails: boolean) => void (saveFails = fails),
    /** Stores the records as a poll would (the window grows to cover them). */
    async store(...records: CycleRecord[]) {
      await history.saveCycles(records);
      const window = await history.window();
      const counters = records.map((r) => r.counter);
      await history.setWindow({ oldest: Math.min(window?.oldest ?? Infinity, ...counters), newest: Math.max(window?.newest ?? -Infinity, ...counters) });
    },
    run: () => trackNodes(deps),
    lag: () => trackingLag(history, states),
    node: (publicKey: string) => states.nodes.get(publicKey),
  };
}
const ids = (changes: NodeChange[]) => changes.map((c) => c.id);

describe('trackNodes: the first run', () => {
  it('when there is no tracker state yet, then the stored history and the lists build the states and nothing is published', async () => {
    const t = tracker();
    await t.store(
      record(1, { standbyAdded: [A, B] }),
      record(2, { joined: [{ publicKey: A, id: 'id-a' }] }),
      record(3, { activated: [A] }),
    );
    // F is a long-active node whose join is older than the history: the active list shows it.
    t.setLists({ active: [{ publicKey: A, id: 'id-a' }, { publicKey: F, id: 'id-f' }], syncing: [], standby: listed(B) });

    const run = await t.run();

    expect(run).toMatchObject({ processed: 3, lastCycle: 3, caughtUp: true, published: [] });
    expect(t.events).toEqual([]);
    // A: standby at 00:01, syncing at 00:02, active from 00:03 (its period opens there).
    expect(t.node(A)).toEqual({
      publicKey: A, id: 'id-a', state: 'active', since: at(3), sinceCycle: 3, firstSeen: at(1), lastChange: 'activated',
      periods: [{ start: at(3), end: null }], lastSeenCycle: 3,
    });
    expect(t.node(B)).toMatchObject({ state: 'standby', since: at(1), lastChange: 'standby-added', periods: [] });
    // F is first seen in the list at the newest cycle: active from then, no change of its own.
    expect(t.node(F)).toEqual({
      publicKey: F, id: 'id-f', state: 'active', since: at(3), sinceCycle: 3, firstSeen: at(3), lastChange: null,
      periods: [{ start: at(3), end: null }], lastSeenCycle: 3,
    });
    expect(t.states.state()).toMatchObject({ lastCycle: 3, lastCycleAt: at(3), quietThrough: 3 });
    expect(await t.lag()).toBe(0);
  });

  it('when the first run cannot read all of the history at once, then every catch-up run stays quiet and the lists wait for the last', async () => {
    const t = tracker({ cyclesPerRun: 2 });
    await t.store(record(1, { standbyAdded: [K] }), record(2, { joined: [{ publicKey: K, id: 'id-k' }] }), record(3, { activated: [K] }));
    t.setLists({ active: listed(K), syncing: [], standby: [] });
    // Before the first run all 3 stored cycles are untracked.
    expect(await t.lag()).toBe(3);

    expect(await t.run()).toMatchObject({ processed: 2, lastCycle: 2, caughtUp: false });
    expect([t.listReads(), await t.lag()]).toEqual([0, 1]);
    // Cycle 4 came in meanwhile: it is after the first run's newest (3), so its change is published.
    await t.store(record(4, { removedIds: ['id-k'] }));
    t.setLists({ active: [], syncing: [], standby: [] });
    expect(await t.run()).toMatchObject({ processed: 2, lastCycle: 4, caughtUp: true });

    expect(ids(t.changes())).toEqual([`3:${K}:left-active`]);
    expect(t.listReads()).toBe(1);
  });
});

describe('trackNodes: a node through its life', () => {
  it('when a key joins standby, is selected, activates and is removed, then each cycle publishes one change and the period closes at the removal', async () => {
    const t = tracker();
    await t.store(record(1));
    await t.run(); // the first run: nothing to say yet

    await t.store(record(2, { standbyAdded: [K] }));
    t.setLists({ active: [], syncing: [], standby: listed(K) });
    await t.run();
    await t.store(record(3, { joined: [{ publicKey: K, id: 'id-k' }] }));
    t.setLists({ active: [], syncing: [{ publicKey: K, id: 'id-k' }], standby: [] });
    await t.run();
    await t.store(record(4), record(5, { activated: [K] }));
    t.setLists({ active: [{ publicKey: K, id: 'id-k' }], syncing: [], standby: [] });
    await t.run();
    await t.store(record(7, { removedIds: ['id-k'] }));
    t.setLists({ active: [], syncing: [], standby: [] });
    await t.run();

    // A first appearance is named by its cycle and kind; a move by the state it leaves and the cycle K entered it.
    expect(t.changes()).toEqual([
      { id: `2:${K}:standby-added`, publicKey: K, kind: 'standby-added', from: 'unknown', to: 'standby', cycle: 2, at: at(2) },
      { id: `2:${K}:left-standby`, publicKey: K, kind: 'selected', from: 'standby', to: 'syncing', cycle: 3, at: at(3) },
      { id: `3:${K}:left-syncing`, publicKey: K, kind: 'activated', from: 'syncing', to: 'active', cycle: 5, at: at(5) },
      { id: `5:${K}:left-active`, publicKey: K, kind: 'removed', from: 'active', to: 'gone', cycle: 7, at: at(7) },
    ]);
    // Each event carries the newest cycle of its run: cycles 2, 3, 5 and 7.
    expect(t.events.map((e) => [e.cycle, e.at])).toEqual([[2, at(2)], [3, at(3)], [5, at(5)], [7, at(7)]]);
    expect(t.node(K)).toMatchObject({ state: 'gone', since: at(7), sinceCycle: 7, firstSeen: at(2), lastChange: 'removed', periods: [{ start: at(5), end: at(7) }] });
  });

  it('when a node is lost, then its state stays; a refute keeps it; a second loss followed by apoptosis ends it', async () => {
    const t = tracker();
    t.setLists({ active: [{ publicKey: L, id: 'id-l' }], syncing: [], standby: [] });
    await t.store(record(10, { activated: [L], joined: [] }));
    await t.run();
    await t.store(record(11, { lostIds: ['id-l'] }));
    await t.run();
    expect(t.node(L)).toMatchObject({ state: 'active', since: at(10), lastChange: 'lost', periods: [{ start: at(10), end: null }] });
    await t.store(record(12, { refutedIds: ['id-l'] }), record(13, { lostIds: ['id-l'] }));
    await t.run();
    await t.store(record(14, { apoptosizedIds: ['id-l'] }));
    t.setLists({ active: [], syncing: [], standby: [] });
    await t.run();

    expect(t.changes().map((c) => [c.id, c.from, c.to])).toEqual([
      [`11:${L}:lost`, 'active', 'active'],
      [`12:${L}:refuted`, 'active', 'active'],
      [`13:${L}:lost`, 'active', 'active'],
      [`10:${L}:left-active`, 'active', 'gone'],
    ]);
    expect(t.node(L)).toMatchObject({ state: 'gone', since: at(14), lastChange: 'apoptosized', periods: [{ start: at(10), end: at(14) }] });
  });
});

describe('trackNodes: the node lists', () => {
  async function withActiveAndStandby() {
    const t = tracker({ syncVanishCycles: 3 });
    t.setLists({ active: [{ publicKey: A, id: 'id-a' }], syncing: [], standby: listed(B) });
    await t.store(record(20));
    await t.run();
    return t;
  }

  it('when an active and a standby node are in no list and all three lists were read, then both vanish and the active period ends', async () => {
    const t = await withActiveAndStandby();
    t.setLists({ active: [], syncing: [], standby: [] });
    await t.store(record(21));
    await t.run();
    // In key order (the order of a run's vanishings is the store's).
    expect(t.changes().map((c) => [c.id, c.from, c.to]).sort()).toEqual([
      [`20:${A}:left-active`, 'active', 'gone'],
      [`20:${B}:left-standby`, 'standby', 'gone'],
    ]);
    expect(t.node(A)).toMatchObject({ state: 'gone', periods: [{ start: at(20), end: at(21) }] });

    // The removal record that comes a cycle later names how it left, without a second change.
    await t.store(record(22, { removedIds: ['id-a'] }));
    await t.run();
    expect(t.changes()).toHaveLength(2);
    expect(t.node(A)).toMatchObject({ state: 'gone', since: at(21), lastChange: 'removed' });
  });

  it('when one of the lists could not be read, then nothing vanishes', async () => {
    const t = await withActiveAndStandby();
    t.setLists({ active: [], standby: [] });
    await t.store(record(21));
    await t.run();
    expect(t.changes()).toEqual([]);
    expect([t.node(A)?.state, t.node(B)?.state]).toEqual(['active', 'standby']);
  });

  it('when a known node shows in a list its records did not explain, then it moves there with the matching kind', async () => {
    const t = await withActiveAndStandby();
    // B went active and A left without records the tracker saw; K, new, is a first sighting.
    t.setLists({ active: listed(B), syncing: [], standby: listed(K) });
    await t.store(record(21));
    await t.run();
    expect(t.changes().map((c) => [c.id, c.from, c.to])).toEqual([
      [`20:${B}:left-standby`, 'standby', 'active'],
      [`20:${A}:left-active`, 'active', 'gone'],
    ]);
    expect(t.node(K)).toMatchObject({ state: 'standby', lastChange: null, firstSeen: at(21) });
    // A comes back into standby: a gone node in the standby list has joined again.
    t.setLists({ active: listed(B), syncing: [], standby: listed(K, A) });
    await t.store(record(22));
    await t.run();
    expect(ids(t.changes()).slice(2)).toEqual([`21:${A}:left-gone`]);
  });

  it('when a syncing node is in no list, then it vanishes only once it has been unseen for more than the allowed cycles', async () => {
    const t = await withActiveAndStandby();
    await t.store(record(21, { joined: [{ publicKey: K, id: 'id-k' }] }));
    t.setLists({ active: [{ publicKey: A, id: 'id-a' }], syncing: [{ publicKey: K, id: 'id-k' }], standby: listed(B) });
    await t.run();
    // Seen syncing at 21 and 22, then in no list: 25 − 22 = 3 is not more than 3; at 26 it is 4.
    await t.store(record(22));
    await t.run();
    t.setLists({ active: [{ publicKey: A, id: 'id-a' }], syncing: [], standby: listed(B) });
    for (const c of [23, 24, 25]) {
      await t.store(record(c));
      await t.run();
    }
    expect(t.node(K)?.state).toBe('syncing');
    await t.store(record(26));
    await t.run();
    expect(ids(t.changes())).toEqual([`21:${K}:selected`, `21:${K}:left-syncing`]);
  });
});

describe('trackNodes: publish before save', () => {
  it('when publishing fails, then nothing is saved and the next run publishes the same change ids', async () => {
    const t = tracker();
    await t.store(record(30));
    await t.run();
    await t.store(record(31, { standbyAdded: [K] }));
    t.setLists({ active: [], syncing: [], standby: listed(K) });
    t.failPublish(true);
    await expect(t.run()).rejects.toThrow('redis is away');
    expect([t.node(K), t.states.state()?.lastCycle]).toEqual([undefined, 30]);

    t.failPublish(false);
    await t.run();
    expect(ids(t.changes())).toEqual([`31:${K}:standby-added`]);
    expect(t.node(K)?.state).toBe('standby');
  });

  it('when a run publishes a vanishing, fails to save and is retried after a new cycle, then the retry publishes it under the same id', async () => {
    const t = tracker();
    t.setLists({ active: [{ publicKey: A, id: 'id-a' }], syncing: [], standby: listed(B) });
    await t.store(record(20));
    await t.run();
    // Both leave the lists at 21; the run publishes, then MongoDB fails.
    t.setLists({ active: [], syncing: [], standby: [] });
    await t.store(record(21));
    t.failSave(true);
    await expect(t.run()).rejects.toThrow('mongo is away');
    const first = t.changes();

    // Cycle 22 is stored before the job runs again.
    t.failSave(false);
    await t.store(record(22));
    await t.run();
    const retried = t.changes().slice(first.length);
    expect(ids(retried).sort()).toEqual(ids(first).sort());
    // A consumer dropping the ids it has, as the dashboard does, tells of each node once.
    expect(new Set(ids(t.changes())).size).toBe(2);
    // Each is named by the state it left and the cycle it was first seen in it (20).
    expect(retried.map((c) => [c.id, c.kind, c.from, c.to, c.cycle]).sort()).toEqual([
      [`20:${A}:left-active`, 'vanished', 'active', 'gone', 22],
      [`20:${B}:left-standby`, 'vanished', 'standby', 'gone', 22],
    ]);
    expect(t.node(A)).toMatchObject({ state: 'gone', lastChange: 'vanished' });
  });

  it('when the retry after a new cycle reads the removal record of a node the failed run saw vanish, then the removal has the vanishing\'s id', async () => {
    const t = tracker();
    t.setLists({ active: [{ publicKey: A, id: 'id-a' }], syncing: [], standby: [] });
    await t.store(record(20));
    await t.run();
    t.setLists({ active: [], syncing: [], standby: [] });
    await t.store(record(21));
    t.failSave(true);
    await expect(t.run()).rejects.toThrow('mongo is away');

    // The record of 22 says how A left: removed. The retry reads it before the lists.
    t.failSave(false);
    await t.store(record(22, { removedIds: ['id-a'] }));
    await t.run();
    const [vanished, removed] = t.changes();
    expect(removed?.id).toBe(vanished?.id);
    expect(t.changes().map((c) => [c.id, c.kind, c.cycle])).toEqual([
      [`20:${A}:left-active`, 'vanished', 21],
      [`20:${A}:left-active`, 'removed', 22],
    ]);
    expect(t.node(A)).toMatchObject({ state: 'gone', since: at(22), lastChange: 'removed', periods: [{ start: at(20), end: at(22) }] });
  });

  it('when a run has nothing new, then it reads nothing, publishes nothing and writes no node', async () => {
    const t = tracker();
    t.setLists({ active: listed(A), syncing: [], standby: [] });
    await t.store(record(40));
    await t.run();
    const writes = t.states.writes;
    expect(await t.run()).toMatchObject({ processed: 0, lastCycle: 40, caughtUp: true });
    // A cycle in which nothing happened to anyone: the lists are read, no node is written.
    await t.store(record(41));
    await t.run();
    expect([t.listReads(), t.states.writes - writes, t.events]).toEqual([2, 0, []]);
  });
});

describe('trackNodes: rate segments', () => {
  it('when the reward per hour changes, then a segment is appended from when it was read; an unchanged reading adds none', async () => {
    const t = tracker();
    t.setReward({ rewardPerHour: 10, at: at(1) });
    await t.store(record(1));
    await t.run();
    t.setReward({ rewardPerHour: 10, at: at(2) });
    await t.store(record(2));
    await t.run();
    t.setReward({ rewardPerHour: 12, at: at(3) });
    await t.store(record(3));
    await t.run();
    expect(t.states.state()?.rates).toEqual([
      { from: at(1), rewardPerHour: 10 },
      { from: at(3), rewardPerHour: 12 },
    ]);
  });
});
