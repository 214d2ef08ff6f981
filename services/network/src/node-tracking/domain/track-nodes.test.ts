import { A, at, B, F, ids, K, L, listed, record, tracker } from './testing/track-nodes-harness';

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
      periods: [{ start: at(3), end: null }], lastSeenCycle: 3, standbySpans: [{ start: at(1), end: at(2) }],
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
