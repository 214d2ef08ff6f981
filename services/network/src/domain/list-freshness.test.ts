import { listPredates } from './list-freshness';
import { quietCycle } from './testing/cycle-records';
import type { CycleRecord } from './ports';

const record = (counter: number, change: { left?: string[]; joined?: string[] } = {}): CycleRecord =>
  quietCycle(counter, { joined: (change.joined ?? []).map((id) => ({ publicKey: `key-${id}`, id })), leftIds: change.left ?? [], removedIds: change.left ?? [] });
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
