import type { CycleRecord } from '../../domain/ports';
import { lookUpNodes } from './look-up-nodes';
import { incidentOf, noteTallies } from './node-tallies';
import { A, at, B, K, L, record, tracker } from './testing/track-nodes-harness';

const NONE = { syncTimeouts: 0, lost: 0, refuted: 0, earlyExits: 0, missedRefreshes: 0 };

describe('incidentOf: only what is not chance', () => {
  it.each([
    ['selected', 'standby', 'syncing', undefined],
    ['standby-removed', 'standby', 'gone', 'missedRefreshes'],
    ['vanished', 'standby', 'gone', 'missedRefreshes'],
    ['apoptosized', 'syncing', 'gone', 'syncTimeouts'],
    ['vanished', 'syncing', 'gone', 'syncTimeouts'],
    ['apoptosized', 'active', 'gone', 'earlyExits'],
    ['removed', 'active', 'gone', undefined],
    ['lost', 'active', null, 'lost'],
    ['refuted', 'active', null, 'refuted'],
  ] as const)('%s from %s to %s → %s', (kind, from, to, incident) => {
    expect(incidentOf(kind, from, to)).toBe(incident);
  });
});

describe('noteTallies', () => {
  it('when the same record is read again (a run saved its nodes, not its progress), then its event counts once', () => {
    const node = { publicKey: K, state: 'active' as const, since: at(5), sinceCycle: 5, firstSeen: at(1), lastChange: null, periods: [], lastSeenCycle: 5 };
    noteTallies(node, 'lost', 'active', null, { cycle: 6, at: at(6) });
    noteTallies(node, 'lost', 'active', null, { cycle: 6, at: at(6) });
    noteTallies(node, 'lost', 'active', null, { cycle: 9, at: at(9) });
    expect(node).toMatchObject({ incidents: [{ kind: 'lost', cycle: 6, at: at(6) }, { kind: 'lost', cycle: 9, at: at(9) }] });
  });
});

describe('trackNodes: per-node tallies and the selection rate', () => {
  it('when nodes are lost, refuted, time out syncing, exit early or miss a refresh, then each counts once with its cycle, and standby time and selections are kept', async () => {
    const t = tracker();
    await t.store(record(1));
    await t.run(); // the first run reads the history in silence

    // Cycles 2..31, each with 100 nodes on the network's standby list.
    const events: Record<number, Parameters<typeof record>[1]> = {
      2: { standbyAdded: [A, B, K, L] },
      3: { joined: [{ publicKey: A, id: 'id-a' }] },
      5: { activated: [A] },
      6: { lostIds: ['id-a'] },
      7: { refutedIds: ['id-a'] },
      8: { joined: [{ publicKey: K, id: 'id-k' }] },
      10: { standbyRemoved: [B] },
      20: { apoptosizedIds: ['id-k'] },
      30: { lostIds: ['id-a'] },
      31: { apoptosizedIds: ['id-a'] },
    };
    const records: CycleRecord[] = Array.from({ length: 30 }, (_, i) => ({ ...record(i + 2, events[i + 2]), standby: 100 }));
    await t.store(...records);
    t.setLists({ active: [], syncing: [], standby: [{ publicKey: L }] });
    await t.run();

    expect(t.node(A)?.incidents).toEqual([
      { kind: 'lost', cycle: 6, at: at(6) },
      { kind: 'refuted', cycle: 7, at: at(7) },
      { kind: 'lost', cycle: 30, at: at(30) },
      { kind: 'earlyExits', cycle: 31, at: at(31) },
    ]);
    expect(t.node(K)?.incidents).toEqual([{ kind: 'syncTimeouts', cycle: 20, at: at(20) }]);
    expect(t.node(B)?.incidents).toEqual([{ kind: 'missedRefreshes', cycle: 10, at: at(10) }]);
    // L waited on the list and was never selected: bad luck, no incident.
    expect(t.node(L)?.incidents).toBeUndefined();
    expect(t.node(A)?.standbySpans).toEqual([{ start: at(2), end: at(3) }]);
    expect(t.node(L)?.standbySpans).toEqual([{ start: at(2), end: null }]);
    // All 30 cycles fall in the hour 00:00 UTC: 2 selections (A, K) in 30 × 100 standby-node-cycles.
    expect(t.states.state()?.selection).toEqual([{ hour: '2025-01-01T00', selections: 2, standbyNodeCycles: 3000 }]);
    expect(t.states.state()?.cycleSeconds).toBe(60);

    // The lookup at 01:00 (cycle 60): L was on the list 00:02 → 01:00, 58 min = 58 cycles;
    // expected = 58 × 2 / 3000 = 0.038666…; A was in standby one cycle (0.000666… expected) and activated once.
    const reply = await lookUpNodes(t.states, [L, A], 90, new Date(at(60)));
    const [l, a] = reply.nodes;
    expect(l?.windows?.days7).toEqual({ days: 7, activations: 0, standbyCycles: 58, selectionRate: 2 / 3000, expectedActivations: expect.closeTo(0.0386667, 6) as unknown, incidents: NONE });
    expect(a?.windows?.days30).toMatchObject({ days: 30, activations: 1, standbyCycles: 1, incidents: { ...NONE, lost: 2, refuted: 1, earlyExits: 1 } });
  });

  it('when a node left standby long ago, then the 7-day window counts none of it while the 30-day one does', async () => {
    const t = tracker();
    await t.store(record(1));
    await t.run();
    await t.store({ ...record(2, { standbyAdded: [L] }), standby: 10 }, { ...record(12, { standbyRemoved: [L] }), standby: 10 });
    t.setLists({ active: [], syncing: [], standby: [] });
    await t.run();
    // Ten days after cycle 12 (at 00:12): 10 standby cycles and one missed refresh, all outside the 7 days.
    const later = new Date(Date.parse(at(12)) + 10 * 86_400_000);
    const [l] = (await lookUpNodes(t.states, [L], 90, later)).nodes;
    expect(l?.windows?.days7).toMatchObject({ standbyCycles: 0, activations: 0, incidents: NONE, selectionRate: null });
    expect(l?.windows?.days30).toMatchObject({ standbyCycles: 10, incidents: { ...NONE, missedRefreshes: 1 } });
  });
});
