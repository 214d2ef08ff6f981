import { entryTitle } from './entry-title';

describe('entryTitle', () => {
  it('when the entry has a label, then the label in quotes', () => {
    expect(entryTitle({ label: ' First two ', nodeCount: 2 })).toBe('"First two"');
  });

  it('when it has none (or a blank one), then its node count', () => {
    expect(entryTitle({ nodeCount: 1 })).toBe('1 node');
    expect(entryTitle({ label: '', nodeCount: 1200 })).toBe('1,200 nodes');
  });
});
