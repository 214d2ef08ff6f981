import type { ActivePeriod, NodeStatus, RotationStats } from '@shm/contracts';
import { UNAVAILABLE_NODE, linkedNodeOf } from './linked-node';

const KEY = 'ab'.repeat(32);

const status = (overrides: Partial<NodeStatus> = {}): NodeStatus => ({
  publicKey: KEY,
  state: 'standby',
  since: null,
  firstSeen: '2025-12-01T00:00:00.000Z',
  lastChange: null,
  activePeriods: [],
  earnedSHM: 0,
  ...overrides,
});

const period = (start: string, end: string | null, earnedSHM: number): ActivePeriod => ({ start: `${start}:00.000Z`, end: end && `${end}:00.000Z`, earnedSHM });

const rotation = (waitToActive: RotationStats['waitToActive']): RotationStats => ({
  cyclesObserved: 1000,
  cycleSeconds: 60,
  activationsPerCycle: 0.5,
  removalsPerCycle: 0.5,
  standbyAddsPerCycle: 0.5,
  activePeriod: { hours: 48, method: 'observed', observed: 40 },
  waitToActive,
  activeShare: 0.2,
});

describe('a linked node in the portfolio', () => {
  it('when a node was active 10 days of a 30-day span at 10 SHM/h, then it earned 2400 SHM, all of it this month, and shows 16 days in standby', () => {
    // Active 2026-01-05 → 2026-01-15: 10 days × 24 h × 10 SHM/h = 2400 SHM; back in standby since the 15th.
    const node = status({
      since: '2026-01-15T00:00:00.000Z',
      activePeriods: [period('2026-01-05T00:00', '2026-01-15T00:00', 2400)],
      earnedSHM: 2400,
    });
    const result = linkedNodeOf(node, '2026-01-01', undefined, new Date('2026-01-31T00:00:00Z'));
    expect(result.status).toBe(node);
    expect(result.earnedSHM).toBe(2400);
    expect(result.earnedThisMonthSHM).toBe(2400);
    expect(result.activePeriodsThisMonth).toBe(1);
    expect(result.timeInStateSeconds).toBe(16 * 86_400); // 15th → 31st
  });

  it('when periods straddle the month start and the entry date, then each is prorated by its seconds on either side', () => {
    // Now 2026-02-10. Three periods (newest first, as the lookup gives them):
    //   open since Feb 8 (2 days, 480 SHM so far);
    //   Jan 27 → Feb 6 (10 days, 2400 SHM: 5 of its days in February → 1200; 9 after the entry date Jan 28 → 2160);
    //   Jan 10 → Jan 12 (2 days, 480 SHM: before both February and the entry date → 0).
    const node = status({
      state: 'active',
      since: '2026-02-08T00:00:00.000Z',
      activePeriods: [period('2026-02-08T00:00', null, 480), period('2026-01-27T00:00', '2026-02-06T00:00', 2400), period('2026-01-10T00:00', '2026-01-12T00:00', 480)],
      earnedSHM: 3360,
    });
    const result = linkedNodeOf(node, '2026-01-28', undefined, new Date('2026-02-10T00:00:00Z'));
    expect(result.activePeriodsThisMonth).toBe(2);
    expect(result.earnedThisMonthSHM).toBeCloseTo(480 + 1200, 9);
    expect(result.earnedSHM).toBeCloseTo(480 + 2160, 9);
    expect(result.standbyWait).toBeNull();
  });

  it('when the tracker first saw the node after the entry date, then earned SHM counts from the first sighting', () => {
    // First seen Jan 28 00:00; of the Jan 27 → Feb 6 period (2400 SHM over 240 h), 216 h come after it → 2400 × 216/240 = 2160.
    const node = status({
      state: 'gone',
      since: '2026-02-06T00:00:00.000Z',
      firstSeen: '2026-01-28T00:00:00.000Z',
      activePeriods: [period('2026-01-27T00:00', '2026-02-06T00:00', 2400)],
      earnedSHM: 2400,
    });
    expect(linkedNodeOf(node, '2026-01-01', undefined, new Date('2026-02-10T00:00:00Z')).earnedSHM).toBeCloseTo(2160, 9);
  });

  it('when a period ended exactly at the month start, then it is not one of this month', () => {
    const node = status({ activePeriods: [period('2026-01-30T00:00', '2026-02-01T00:00', 480)], earnedSHM: 480 });
    const result = linkedNodeOf(node, '2026-01-01', undefined, new Date('2026-02-10T00:00:00Z'));
    expect(result.activePeriodsThisMonth).toBe(0);
    expect(result.earnedThisMonthSHM).toBe(0);
    expect(result.earnedSHM).toBe(480);
  });

  it('when a node has waited 9 days in standby, then the wait figures are the rotation’s hours in days: p50 120 h = 5 days, p90 336 h = 14 days', () => {
    const node = status({ since: '2026-02-01T00:00:00.000Z' });
    const now = new Date('2026-02-10T00:00:00Z');
    expect(linkedNodeOf(node, '2026-01-01', rotation({ p10Hours: 24, p50Hours: 120, p90Hours: 336 }), now).standbyWait).toEqual({
      waitedDays: 9,
      p50Days: 5,
      p90Days: 14,
    });
    // Rotation unknown (no snapshot carries it, or no activation was seen): the wait alone.
    expect(linkedNodeOf(node, '2026-01-01', undefined, now).standbyWait).toEqual({ waitedDays: 9, p50Days: null, p90Days: null });
    expect(linkedNodeOf(node, '2026-01-01', rotation(null), now).standbyWait).toEqual({ waitedDays: 9, p50Days: null, p90Days: null });
  });

  it('when the tracker never saw the key, then nothing was earned and no time in state is known', () => {
    const node = status({ state: 'unknown', since: null, firstSeen: null });
    expect(linkedNodeOf(node, '2026-01-01', undefined, new Date('2026-02-10T00:00:00Z'))).toEqual({
      status: node,
      timeInStateSeconds: null,
      activePeriodsThisMonth: 0,
      earnedThisMonthSHM: 0,
      earnedSHM: 0,
      standbyWait: null,
    });
  });

  it('when the network service could not be asked, then the node has no status and no figures', () => {
    expect(linkedNodeOf(null, '2026-01-01', undefined, new Date('2026-02-10T00:00:00Z'))).toEqual(UNAVAILABLE_NODE);
    expect(UNAVAILABLE_NODE).toMatchObject({ status: null, timeInStateSeconds: null, standbyWait: null, earnedSHM: 0 });
  });
});
