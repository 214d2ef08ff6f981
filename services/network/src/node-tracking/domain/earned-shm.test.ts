import { earnedBetween, keptRates } from './earned-shm';
import { lookUpNodes } from './look-up-nodes';
import type { RateSegment, TrackedNode } from '../ports';
import { memoryNodeStates } from './testing/memory-node-states';

const t = (iso: string) => Date.parse(iso);
const RATES: RateSegment[] = [
  { from: '2025-03-01T00:00:00.000Z', rewardPerHour: 10 },
  { from: '2025-03-01T01:00:00.000Z', rewardPerHour: 12 },
];

describe('earnedBetween', () => {
  it('when a period spans a rate change, then each part earns its seconds × its rate / 3600', () => {
    // 00:30–01:00 at 10/h: 1800 s × 10 / 3600 = 5; 01:00–02:00 at 12/h: 3600 s × 12 / 3600 = 12; total 17.
    expect(earnedBetween(t('2025-03-01T00:30:00Z'), t('2025-03-01T02:00:00Z'), RATES)).toBeCloseTo(17, 10);
  });

  it('when a period starts before the first segment, then the earliest known rate counts for it', () => {
    // 23:00–00:15: 4500 s at 10/h = 12.5.
    expect(earnedBetween(t('2025-02-28T23:00:00Z'), t('2025-03-01T00:15:00Z'), RATES)).toBeCloseTo(12.5, 10);
  });

  it('when no rate is known, then nothing is counted', () => {
    expect(earnedBetween(t('2025-03-01T00:00:00Z'), t('2025-03-01T05:00:00Z'), [])).toBe(0);
  });

  it('when old segments pass the retention, then the one in force at the cutoff stays', () => {
    // 91 days after 01:00 the cutoff (90 days) is 1 day after 01:00: the 12/h segment is in force then, 10/h is dropped.
    const now = new Date(t('2025-03-01T01:00:00Z') + 91 * 86_400_000);
    expect(keptRates(RATES, 90, now)).toEqual([RATES[1]]);
    expect(keptRates(RATES, 365, now)).toEqual(RATES);
  });
});

describe('lookUpNodes', () => {
  const node = (publicKey: string, fields: Partial<TrackedNode>): TrackedNode => ({
    publicKey,
    state: 'active',
    since: '2025-03-01T01:30:00.000Z',
    sinceCycle: 90,
    firstSeen: '2025-01-10T08:00:00.000Z',
    lastChange: 'activated',
    periods: [],
    lastSeenCycle: 90,
    ...fields,
  });
  const K = 'c'.repeat(64);
  const U = 'e'.repeat(64);

  it('when keys are looked up, then each is answered once in the order asked, unknown ones as unknown, periods newest first with earnings up to now', async () => {
    const states = memoryNodeStates();
    await states.saveTracker({ lastCycle: 135, lastCycleAt: '2025-03-01T02:15:00.000Z', quietThrough: 0, rates: RATES });
    await states.save({
      inserted: [
        node(K, {
          periods: [
            { start: '2024-11-01T00:00:00.000Z', end: '2024-11-01T01:00:00.000Z' },
            { start: '2025-03-01T00:30:00.000Z', end: '2025-03-01T01:00:00.000Z' },
            { start: '2025-03-01T01:30:00.000Z', end: null },
          ],
        }),
      ],
      updated: [],
    });
    const window = (days: number, activations: number) => ({
      days, activations, standbyCycles: 0, selectionRate: null, expectedActivations: null,
      incidents: { syncTimeouts: 0, lost: 0, refuted: 0, earlyExits: 0, missedRefreshes: 0 },
    });
    const reply = await lookUpNodes(states, [U, K, U], 90, new Date('2025-03-01T02:15:00.000Z'));

    // The November period ended more than 90 days before 2025-03-01: not shown. 00:30–01:00 at 10/h = 5;
    // 01:30–02:15 (now) at 12/h = 2700 s × 12 / 3600 = 9; sum 14.
    expect(reply).toEqual({
      success: true,
      nodes: [
        { publicKey: U, state: 'unknown', since: null, firstSeen: null, lastChange: null, activePeriods: [], earnedSHM: 0 },
        {
          publicKey: K,
          state: 'active',
          since: '2025-03-01T01:30:00.000Z',
          firstSeen: '2025-01-10T08:00:00.000Z',
          lastChange: 'activated',
          activePeriods: [
            { start: '2025-03-01T01:30:00.000Z', end: null, earnedSHM: 9 },
            { start: '2025-03-01T00:30:00.000Z', end: '2025-03-01T01:00:00.000Z', earnedSHM: 5 },
          ],
          earnedSHM: 14,
          // A document from before the fleet view (no spans, no incidents) still reads: both periods
          // of March started in the windows; no selection was recorded, so nothing is expected.
          windows: { days7: window(7, 2), days30: window(30, 2) },
        },
      ],
      trackedCycle: 135,
      trackedAt: '2025-03-01T02:15:00.000Z',
    });
  });

  it('when the tracker has never run, then every key is unknown and nothing is tracked yet', async () => {
    const reply = await lookUpNodes(memoryNodeStates(), [K], 90, new Date());
    expect(reply).toMatchObject({ nodes: [{ publicKey: K, state: 'unknown' }], trackedCycle: null, trackedAt: null });
  });
});
