import { sampleEntry } from '../testing/samples';
import { localDay, newEntryValues, toPortfolioFields, valuesFromEntry } from './portfolio-form';

const entry = sampleEntry;

describe('localDay', () => {
  it('when the date is 5 March 2026 local time, then it is 2026-03-05 (zero-padded)', () => {
    expect(localDay(new Date(2026, 2, 5, 23, 59))).toBe('2026-03-05');
  });
});

describe('newEntryValues', () => {
  it('when adding an entry, then one node, today, the calculator price and 0 SHM rewards', () => {
    expect(newEntryValues({ shmPrice: 0.1265 }, new Date(2026, 0, 31, 8))).toEqual({
      label: '',
      nodeCount: '1',
      actualInvestment: '',
      shmPriceAtEntry: '0.1265',
      actualRewards: '0',
      entryDate: '2026-01-31',
      nodePublicKey: '',
    });
  });
});

describe('toPortfolioFields', () => {
  it('when an entry round-trips through the form, then the fields are unchanged', () => {
    expect(toPortfolioFields(valuesFromEntry(entry))).toEqual({
      nodeCount: 2,
      actualInvestment: 700,
      shmPriceAtEntry: 0.12,
      actualRewards: 1250,
      entryDate: '2026-01-01',
      label: 'First two',
    });
  });

  it('when the investment is empty and the label blank, then investment 0 and no label', () => {
    const fields = toPortfolioFields({ ...newEntryValues({ shmPrice: 0.1 }, new Date(2026, 0, 1)), label: '   ' });
    expect(fields).toEqual({ nodeCount: 1, actualInvestment: 0, shmPriceAtEntry: 0.1, actualRewards: 0, entryDate: '2026-01-01' });
  });

  it('when editing with the label removed, then the label is sent empty', () => {
    expect(toPortfolioFields({ ...valuesFromEntry(entry), label: '' }, { editing: true }).label).toBe('');
  });

  it('when a key is typed with spaces around it and 3 nodes, then the key goes trimmed and the entry is one node', () => {
    const key = 'AB'.repeat(32);
    const fields = toPortfolioFields({ ...newEntryValues({ shmPrice: 0.1 }, new Date(2026, 0, 1)), nodeCount: '3', nodePublicKey: `  ${key}\n` });
    expect(fields.nodePublicKey).toBe(key);
    expect(fields.nodeCount).toBe(1);
  });

  it('when a new entry has no key, then no key is sent; when an edit empties it, then null unlinks', () => {
    const values = { ...valuesFromEntry(entry), nodePublicKey: ' ' };
    expect('nodePublicKey' in toPortfolioFields(values)).toBe(false);
    expect(toPortfolioFields(values, { editing: true }).nodePublicKey).toBeNull();
  });
});

describe('valuesFromEntry', () => {
  it('when the entry is linked, then the form starts with its key; unlinked, with an empty key', () => {
    expect(valuesFromEntry({ ...entry, nodePublicKey: 'ab'.repeat(32) }).nodePublicKey).toBe('ab'.repeat(32));
    expect(valuesFromEntry(entry).nodePublicKey).toBe('');
  });
});
