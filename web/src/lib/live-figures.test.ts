import { isExactSplit } from '@shm/contracts';
import { calculatorSplitNote, formatAge, formatHours, hostOf, liveSourcePhrase, splitNote } from './live-figures';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('formatAge', () => {
  it.each([
    [30_000, 'just now'],
    [-10_000, 'just now'], // a reading from a clock 10 s ahead
    [2 * MIN, '2 min ago'],
    [59 * MIN + 59_000, '59 min ago'],
    [HOUR, '1 h ago'],
    [47 * HOUR + 59 * MIN, '47 h ago'],
    [48 * HOUR, '2 days ago'],
    [80 * HOUR, '3 days ago'], // 80 / 24 = 3.33 → 3 whole days
  ])('when the reading is %i ms old, then it reads %s', (age, text) => {
    expect(formatAge(before(age), NOW)).toBe(text);
  });

  it('when the time is not a date, then it is a dash', () => {
    expect(formatAge('yesterday', NOW)).toBe('—');
  });
});

describe('formatHours', () => {
  it.each([
    [0, '< 1 h'],
    [0.99, '< 1 h'],
    [1, '1.0 h'],
    [5.2, '5.2 h'],
    [48, '48.0 h'],
    [81.6, '3.4 days'], // 81.6 / 24 = 3.4
    [240, '10.0 days'],
  ])('when the duration is %p hours, then it reads %s', (hours, text) => {
    expect(formatHours(hours)).toBe(text);
  });

  it('when the duration is missing, negative or not finite, then it is a dash', () => {
    expect(formatHours(null)).toBe('—');
    expect(formatHours(-1)).toBe('—');
    expect(formatHours(Number.NaN)).toBe('—');
  });
});

describe('hostOf and liveSourcePhrase', () => {
  it('when the source is a URL, then its host (with port) is shown; anything else stays as it is', () => {
    expect(hostOf('http://35.238.248.68:4000')).toBe('35.238.248.68:4000');
    expect(hostOf('https://api.shardeum.org/')).toBe('api.shardeum.org');
    expect(hostOf('archiver one')).toBe('archiver one');
  });

  it('when the origin is known, then the phrase names it; else it says live network data', () => {
    expect(liveSourcePhrase('archiver')).toBe('Live from the Shardeum archivers');
    expect(liveSourcePhrase('rpc')).toBe('Live from the Shardeum JSON-RPC');
    expect(liveSourcePhrase(undefined)).toBe('Live network data');
  });
});

const split = (method: Parameters<typeof splitNote>[0]['method'], unknown = 0) => ({ method, knownFoundation: 200, knownCommunity: 22, unknown });

describe('splitNote', () => {
  it('when some flags are unknown, then it says how many of all active nodes and that they count as foundation', () => {
    // 200 + 22 + 33 = 255 active nodes
    expect(splitNote(split('partial', 33))).toBe(
      "33 of 255 active nodes' foundation flag is not known yet (their join is older than the cycle history read so far); " +
        'they are counted as foundation nodes, so community slots are not overstated.',
    );
  });

  it.each([
    ['node-flags', "Exact: every active node's flag is known (from the node list)."],
    ['cycle-history', "Exact: every active node's flag is known (recovered from the cycle history)."],
    ['last-known', 'This source gives no split; the last known foundation count is used.'],
    ['assumed', 'No split known yet; the documented community share is used.'],
  ] as const)('when the split is made by %s, then the note reads: %s', (method, text) => {
    expect(splitNote(split(method))).toBe(text);
  });

  it('when the split rests on every node flag, then it is exact; otherwise an estimate', () => {
    expect([...(['node-flags', 'cycle-history', 'partial', 'last-known', 'assumed'] as const)].map((m) => isExactSplit(split(m)))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('calculatorSplitNote', () => {
  it('when flags are unknown, then it says how many nodes count as foundation (one node in the singular)', () => {
    expect(calculatorSplitNote(split('partial', 33))).toBe("Active community nodes is an estimate (33 nodes' foundation flag unknown, counted as foundation).");
    expect(calculatorSplitNote(split('partial', 1))).toBe("Active community nodes is an estimate (1 node's foundation flag unknown, counted as foundation).");
  });

  it('when the split is the last known or assumed, then it says so; when exact, there is no note', () => {
    expect(calculatorSplitNote(split('last-known'))).toMatch(/^Active community nodes is an estimate \(this source gives no split/);
    expect(calculatorSplitNote(split('assumed'))).toMatch(/^Active community nodes is an estimate \(no split known yet/);
    expect(calculatorSplitNote(split('node-flags'))).toBeNull();
    expect(calculatorSplitNote(split('cycle-history'))).toBeNull();
  });
});
