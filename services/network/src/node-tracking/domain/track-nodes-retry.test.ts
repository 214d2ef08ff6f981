import type { ListedNode } from '../../domain/ports';
import { A, at, B, ids, K, listed, record, tracker } from './testing/track-nodes-harness';

/**
 * Node A active (id `id-a`) and `standby` in the lists at cycle 20, tracked; at 21 every list is
 * empty, and the run that publishes the vanishing fails to save (MongoDB away). Saving works again after.
 */
async function vanishedThenSaveFailed(standby: ListedNode[]) {
  const t = tracker();
  t.setLists({ active: [{ publicKey: A, id: 'id-a' }], syncing: [], standby });
  await t.store(record(20));
  await t.run();
  t.setLists({ active: [], syncing: [], standby: [] });
  await t.store(record(21));
  t.failSave(true);
  await expect(t.run()).rejects.toThrow('mongo is away');
  t.failSave(false);
  return t;
}

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
    // A and B leave the lists at 21; the run publishes, then MongoDB fails.
    const t = await vanishedThenSaveFailed(listed(B));
    const first = t.changes();

    // Cycle 22 is stored before the job runs again.
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
    const t = await vanishedThenSaveFailed([]);

    // The record of 22 says how A left: removed. The retry reads it before the lists.
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
