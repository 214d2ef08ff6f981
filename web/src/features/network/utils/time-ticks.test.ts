import { timeDomain, timeTicks } from './time-ticks';

// Ticks fall on the visitor's local hours and midnights; the expectations are worked out in UTC.
process.env.TZ = 'UTC';

const at = (iso: string) => Date.parse(iso);
const labels = (ticks: { label: string }[]) => ticks.map((t) => t.label);

describe('timeTicks', () => {
  it('when a day is drawn wide (8 ticks), then ticks fall every 3 whole hours', () => {
    // 12:05 → 12:00 spans 23.9 h: a 1 h step gives 23.9 ticks, 2 h 12, 3 h 8 (fits); first whole hour
    // after 12:05 divisible by 3 is 15:00, the last is 12:00 (the end itself).
    const ticks = timeTicks(at('2026-11-24T12:05:00Z'), at('2026-11-25T12:00:00Z'), '24h', 8);
    expect(labels(ticks)).toEqual(['15:00', '18:00', '21:00', '00:00', '03:00', '06:00', '09:00', '12:00']);
    expect(ticks[0]?.t).toBe(at('2026-11-24T15:00:00Z'));
  });

  it('when a day is drawn on a phone (5 ticks), then ticks fall every 6 hours', () => {
    // 23.9 h / 3 h = 8 > 5, / 6 h = 4 (fits): 18:00, 00:00, 06:00, 12:00
    expect(labels(timeTicks(at('2026-11-24T12:05:00Z'), at('2026-11-25T12:00:00Z'), '24h', 5))).toEqual(['18:00', '00:00', '06:00', '12:00']);
  });

  it('when a week is drawn, then ticks fall on each midnight, labelled by date', () => {
    // 7 days / 1 day = 7 (fits 8); the first midnight after Nov 18 12:00 is Nov 19
    expect(labels(timeTicks(at('2026-11-18T12:00:00Z'), at('2026-11-25T12:00:00Z'), '7d', 8))).toEqual([
      'Nov 19',
      'Nov 20',
      'Nov 21',
      'Nov 22',
      'Nov 23',
      'Nov 24',
      'Nov 25',
    ]);
  });

  it('when a month is drawn, then ticks fall every 5 days, across the month end', () => {
    // 30 days: 1 day → 30, 2 → 15, 5 → 6 (fits 8); Oct 27, then +5 (October has 31 days) Nov 1, 6, 11, 16, 21
    expect(labels(timeTicks(at('2026-10-26T13:00:00Z'), at('2026-11-25T13:00:00Z'), '30d', 8))).toEqual([
      'Oct 27',
      'Nov 1',
      'Nov 6',
      'Nov 11',
      'Nov 16',
      'Nov 21',
    ]);
  });
});

describe('timeDomain', () => {
  it('when the points span enough time, then the domain is their first to last', () => {
    expect(timeDomain([at('2026-11-25T00:00:00Z'), at('2026-11-25T06:00:00Z')], '24h')).toEqual([at('2026-11-25T00:00:00Z'), at('2026-11-25T06:00:00Z')]);
  });

  it('when there is one point, then the domain is widened around it (2 h for a day, 2 days for a week)', () => {
    const t = at('2026-11-25T12:00:00Z');
    expect(timeDomain([t], '24h')).toEqual([at('2026-11-25T11:00:00Z'), at('2026-11-25T13:00:00Z')]);
    expect(timeDomain([t], '7d')).toEqual([at('2026-11-24T12:00:00Z'), at('2026-11-26T12:00:00Z')]);
  });
});
