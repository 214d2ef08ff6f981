import { formatElapsed, formatWaitDays, shortenKey, standbyWaitText, timeInStateText } from './node-state';

describe('formatElapsed', () => {
  it('when the time is under a minute, in minutes, hours or days, then the largest whole unit, rounded down', () => {
    expect(formatElapsed(59)).toBe('under a minute');
    // 754 s = 12 min 34 s
    expect(formatElapsed(754)).toBe('12 min');
    // 3 h 10 min = 11,400 s
    expect(formatElapsed(11_400)).toBe('3 h');
    // 23 h 59 min = 86,340 s: still hours
    expect(formatElapsed(86_340)).toBe('23 h');
    // 1 day = 86,400 s
    expect(formatElapsed(86_400)).toBe('1 day');
    // 9.9 days = 855,360 s
    expect(formatElapsed(855_360)).toBe('9 days');
  });
});

describe('formatWaitDays', () => {
  it('when below 10 days, then one decimal rounded up; from 10, whole days rounded up', () => {
    expect(formatWaitDays(4.21)).toBe('4.3 days');
    expect(formatWaitDays(1)).toBe('1 day');
    expect(formatWaitDays(0.25)).toBe('0.3 days');
    expect(formatWaitDays(12.1)).toBe('13 days');
  });
});

describe('timeInStateText', () => {
  it('when active, syncing, standby or gone, then the issue’s sentences', () => {
    expect(timeInStateText('active', 3 * 3600 + 120)).toBe('Active for 3 h');
    expect(timeInStateText('standby', 9 * 86_400 + 5)).toBe('In standby 9 days');
    expect(timeInStateText('syncing', 12 * 60)).toBe('Syncing for 12 min');
    expect(timeInStateText('gone', 2 * 86_400)).toBe('Gone for 2 days');
  });

  it('when the state is unknown or the time is not known, then nothing', () => {
    expect(timeInStateText('unknown', 100)).toBeNull();
    expect(timeInStateText('active', null)).toBeNull();
  });
});

describe('standbyWaitText', () => {
  it('when the network’s waits are known, then the issue’s sentence with half and 9 in 10', () => {
    expect(standbyWaitText({ waitedDays: 9.2, p50Days: 4.5, p90Days: 12 })).toBe(
      'In standby 9 days; half of nodes are selected within 4.5 days, 9 in 10 within 12 days.',
    );
  });

  it('when the node waited longer than 9 in 10 do, then it says so', () => {
    expect(standbyWaitText({ waitedDays: 20, p50Days: 4.5, p90Days: 12 })).toContain('This node has waited longer than 9 in 10 nodes do.');
  });

  it('when only the median is known, then no 9 in 10 part', () => {
    expect(standbyWaitText({ waitedDays: 0.5, p50Days: 2, p90Days: null })).toBe('In standby 12 h; half of nodes are selected within 2 days.');
  });

  it('when rotation is unknown, then a note instead of figures', () => {
    expect(standbyWaitText({ waitedDays: 3, p50Days: null, p90Days: null })).toBe(
      'In standby 3 days; how long nodes wait to be selected is not known yet (it needs more rotation history).',
    );
  });
});

describe('shortenKey', () => {
  it('when the key has 64 characters, then the first and last 8', () => {
    expect(shortenKey(`12345678${'0'.repeat(48)}abcdefab`)).toBe('12345678…abcdefab');
  });
});
