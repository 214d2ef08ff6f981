import { listPredates } from './list-freshness';
import type { CycleRecord } from './ports';

const record = (counter: number, change: { left?: string[]; joined?: string[] } = {}): CycleRecord => ({
  counter,
  start: 1_763_000_000 + counter * 60,
  duration: 60,
  active: 3,
  standby: 0,
  joined: (change.joined ?? []).map((id) => ({ publicKey: `key-${id}`, id })),
  activated: [],
  leftIds: change.left ?? [],
  removedIds: change.left ?? [],
  apoptosizedIds: [],
  lostIds: [],
  refutedIds: [],
  standbyAdded: [],
  standbyRemoved: [],
});
const list = (...ids: string[]) => ids.map((id) => ({ publicKey: `key-${id}`, id }));

describe('listPredates', () => {
  const records = [record(10, { joined: ['n4'] }), record(11, { left: ['n1'] }), record(12)];

  it('when the list still names a node the records show leaving, then it was signed before that record (a replay)', () => {
    expect(listPredates(list('n1', 'n2', 'n3'), records)).toBe(true);
  });

  it('when the list shows every departure, or changes newer than the records, then it is not older', () => {
    expect(listPredates(list('n2', 'n3', 'n4'), records)).toBe(false);
    // n4 left after the records were read: a newer list, never a reason to refuse it.
    expect(listPredates(list('n2', 'n3'), records)).toBe(false);
  });

  it('when a node that left joins again later under the same id, then naming it is current, not stale', () => {
    expect(listPredates(list('n1', 'n2'), [...records, record(13, { joined: ['n1'] })])).toBe(false);
  });
});
