import type { NodeChange } from '@shm/contracts';
import { A, at, B, F, K, L, listed, record, tracker } from './testing/track-nodes-harness';

const belowMinimum = (changes: NodeChange[]) => changes.filter((c) => c.kind === 'version-below-minimum');
const inForce = (version: string, cycle: number | null = null) => ({ version, cycle });

describe('trackNodes: versions below the network minimum', () => {
  it('when a node joins standby with a version below the minimum in force, then it is told once and its version is kept', async () => {
    const t = tracker();
    t.setMinimums({ inForce: inForce('1.16.0'), changes: [] });
    await t.store(record(1));
    await t.run();

    await t.store(record(2, { standbyAdded: [A, B], standbyVersions: { [A]: '1.15.9', [B]: '1.16.0' } }));
    t.setLists({ active: [], syncing: [], standby: listed(A, B) });
    await t.run();

    expect(belowMinimum(t.changes())).toEqual([
      {
        id: `1.16.0:${A}:version-below-minimum`, publicKey: A, kind: 'version-below-minimum', from: 'standby', to: 'standby',
        cycle: 2, at: at(2), version: '1.15.9', minimum: { version: '1.16.0', cycle: null, inForce: true },
      },
    ]);
    expect([t.node(A)?.version, t.node(B)?.version]).toEqual(['1.15.9', '1.16.0']);
  });

  it('when a higher minimum is announced, then every tracked node in standby, syncing or active below it is told once, and not again when it comes in force', async () => {
    const t = tracker();
    t.setMinimums({ inForce: inForce('1.16.0'), changes: [] });
    const versions = { [A]: '1.16.3', [B]: '1.17.0', [K]: '1.16.3', [L]: '1.16.3' };
    await t.store(
      record(1, { standbyAdded: [A, B, K, L], standbyVersions: versions }),
      record(2, { joined: [{ publicKey: K, id: 'id-k' }], standbyRemoved: [L] }),
      record(3, { activated: [K] }),
    );
    // F is active since before the history: its version is not known.
    t.setLists({ active: listed(K, F), syncing: [], standby: listed(A, B) });
    await t.run(); // the first run: quiet

    t.setMinimums({ inForce: inForce('1.16.0'), changes: [{ version: '1.17.0', cycle: 10 }] });
    await t.store(record(4));
    await t.run();
    // A (standby) and K (active) run 1.16.3 < 1.17.0; B is at the minimum, L is gone, F's version is unknown.
    const announced = { version: '1.17.0', cycle: 10, inForce: false };
    expect(belowMinimum(t.changes()).map((c) => [c.id, c.from, c.cycle, c.minimum])).toEqual([
      [`1.17.0:${A}:version-below-minimum`, 'standby', 4, announced],
      [`1.17.0:${K}:version-below-minimum`, 'active', 4, announced],
    ]);

    await t.store(record(5));
    await t.run();
    t.setMinimums({ inForce: inForce('1.17.0', 10), changes: [{ version: '1.17.0', cycle: 10 }] });
    await t.store(record(10));
    await t.run();
    expect(belowMinimum(t.changes())).toHaveLength(2);
    expect(t.states.state()?.minimumsChecked).toEqual(['1.16.0', '1.17.0']);

    // L rejoins with its old version once 1.17.0 is in force: told against the minimum in force.
    await t.store(record(11, { standbyAdded: [L], standbyVersions: { [L]: '1.16.3' } }));
    t.setLists({ active: listed(K, F), syncing: [], standby: listed(A, B, L) });
    await t.run();
    expect(belowMinimum(t.changes()).slice(2).map((c) => [c.id, c.cycle, c.minimum])).toEqual([
      [`1.17.0:${L}:version-below-minimum`, 11, { version: '1.17.0', cycle: 10, inForce: true }],
    ]);
  });

  it('when publishing a sweep fails, then the retry publishes the same ids and the minimum is marked checked only after', async () => {
    const t = tracker();
    await t.store(record(1, { standbyAdded: [A], standbyVersions: { [A]: '1.16.3' } }));
    t.setLists({ active: [], syncing: [], standby: listed(A) });
    await t.run();

    t.setMinimums({ inForce: inForce('1.17.0', 2), changes: [{ version: '1.17.0', cycle: 2 }] });
    await t.store(record(2));
    t.failPublish(true);
    await expect(t.run()).rejects.toThrow('redis is away');
    expect(t.states.state()?.minimumsChecked).toEqual([]);

    t.failPublish(false);
    await t.run();
    expect(belowMinimum(t.changes()).map((c) => c.id)).toEqual([`1.17.0:${A}:version-below-minimum`]);
    expect(t.states.state()?.minimumsChecked).toEqual(['1.17.0']);
  });

  it('when the minimums cannot be read, then versions are kept but not checked, and the next run that reads them checks every node', async () => {
    const t = tracker();
    await t.store(record(1));
    await t.run();

    t.setMinimums(new Error('mongo is away'));
    await t.store(record(2, { standbyAdded: [A], standbyVersions: { [A]: '1.15.0' } }));
    t.setLists({ active: [], syncing: [], standby: listed(A) });
    await t.run();
    expect(belowMinimum(t.changes())).toEqual([]);
    expect(t.node(A)?.version).toBe('1.15.0');

    t.setMinimums({ inForce: inForce('1.16.0'), changes: [] });
    await t.store(record(3));
    await t.run();
    expect(belowMinimum(t.changes()).map((c) => [c.id, c.cycle])).toEqual([[`1.16.0:${A}:version-below-minimum`, 3]]);
  });

  it('when a node told below the minimum rejoins standby at or above it, then its version-updated ends the problem, once', async () => {
    const t = tracker();
    t.setMinimums({ inForce: inForce('1.17.0', 5), changes: [] });
    await t.store(record(1));
    await t.run();
    await t.store(record(2, { standbyAdded: [A], standbyVersions: { [A]: '1.16.3' } }));
    t.setLists({ active: [], syncing: [], standby: listed(A) });
    await t.run();
    await t.store(record(3, { standbyRemoved: [A] }));
    t.setLists({ active: [], syncing: [], standby: [] });
    await t.run();

    await t.store(record(4, { standbyAdded: [A], standbyVersions: { [A]: '1.17.1' } }));
    t.setLists({ active: [], syncing: [], standby: listed(A) });
    t.failPublish(true);
    await expect(t.run()).rejects.toThrow('redis is away');
    t.failPublish(false);
    await t.run(); // the retry: the same change
    const minimum = { version: '1.17.0', cycle: 5, inForce: true };
    expect(t.changes().filter((c) => c.kind.startsWith('version-'))).toEqual([
      expect.objectContaining({ id: `1.17.0:${A}:version-below-minimum`, cycle: 2, version: '1.16.3', minimum }),
      { id: `1.17.0:${A}:version-updated`, publicKey: A, kind: 'version-updated', from: 'standby', to: 'standby', cycle: 4, at: at(4), version: '1.17.1', minimum },
    ]);

    // Rejoining again at a good version is no news.
    await t.store(record(5, { standbyRemoved: [A] }), record(6, { standbyAdded: [A], standbyVersions: { [A]: '1.17.1' } }));
    await t.run();
    expect(t.changes().filter((c) => c.kind.startsWith('version-'))).toHaveLength(2);
  });

  it('when a node rejoins standby with a newer version, then the newer one is kept and it is not told', async () => {
    const t = tracker();
    t.setMinimums({ inForce: inForce('1.17.0'), changes: [] });
    await t.store(record(1));
    await t.run();

    await t.store(record(2, { standbyAdded: [A], standbyVersions: { [A]: '1.16.3' } }), record(3, { standbyRemoved: [A] }));
    await t.store(record(4, { standbyAdded: [A], standbyVersions: { [A]: '1.17.1' } }));
    t.setLists({ active: [], syncing: [], standby: listed(A) });
    await t.run();
    // One run over cycles 2–4: the node ends in standby with 1.17.1, at or above the minimum.
    expect(belowMinimum(t.changes())).toEqual([]);
    expect(t.node(A)?.version).toBe('1.17.1');
  });
});
