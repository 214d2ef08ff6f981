import type { CycleRecord } from './ports';
import { median, rotationStats, type RotationInput } from './rotation-stats';
import { quietCycle } from './testing/cycle-records';

/** A quiet cycle of the window; each test adds only the events it is about. */
const cycle = (counter: number, events: Partial<CycleRecord> = {}): CycleRecord => quietCycle(counter, { active: 100, standby: 10, ...events });

function window(from: number, to: number, events: Record<number, Partial<CycleRecord>>): CycleRecord[] {
  const cycles: CycleRecord[] = [];
  for (let counter = from; counter <= to; counter++) cycles.push(cycle(counter, events[counter]));
  return cycles;
}

const input = (cycles: CycleRecord[], over: Partial<RotationInput> = {}): RotationInput => ({
  cycles,
  foundationOf: () => undefined,
  keyOfId: (id) => `key-${id}`,
  activeSlots: 5,
  standby: 10,
  ...over,
});

describe('rotationStats', () => {
  it('when the window holds fewer than 10 cycles, then there are no figures', () => {
    expect(rotationStats(input(window(1, 9, {})))).toBeUndefined();
  });

  it('when fewer than 3 periods complete, then the rates, the sync delay and a steady-state period give the wait and share', () => {
    // Counters 100…111: 12 cycles. A (community) and F (foundation) join at 100 and activate at 102;
    // U, whose flag and join nobody knows, activates at 103; B joins at 104 and activates at 107.
    // Leaves: A at 108 (a period of 6), an id no join names at 109, F at 110 (foundation: no period),
    // U at 111 (a period of 8).
    const cycles = window(100, 111, {
      100: { joined: [{ publicKey: 'key-a', id: 'a', foundation: false }, { publicKey: 'key-f', id: 'f', foundation: true }], standbyAdded: ['x1'] },
      102: { activated: ['key-a', 'key-f'] },
      103: { activated: ['key-u'] },
      104: { joined: [{ publicKey: 'key-b', id: 'b', foundation: false }], standbyAdded: ['x2', 'x3'] },
      107: { activated: ['key-b'] },
      108: { leftIds: ['a'] },
      109: { leftIds: ['nobody'] },
      110: { leftIds: ['f'] },
      111: { leftIds: ['u'] },
    });
    const flags = new Map([['key-a', false], ['key-f', true], ['key-b', false]]);
    const stats = rotationStats(
      input(cycles, { foundationOf: (key) => flags.get(key), keyOfId: (id) => (id === 'nobody' ? undefined : `key-${id}`) }),
    );

    // Community activations A, U, B = 3 of 12 cycles = 0.25; removals 4 / 12; standby adds 3 / 12.
    // Periods seen: 6 and 8, two (< 3), so Little's law: 5 slots / 0.25 = 20 cycles = 20 × 60 s = 1/3 h.
    // Sync delays 2 (A), 2 (F), 3 (B): median 2. p = 0.25 / 10 standby = 0.025; ln(0.975) = −0.0253178:
    // t10 = 0.1053605 / 0.0253178 = 4.161518, t50 = 0.6931472 / 0.0253178 = 27.377851,
    // t90 = 2.3025851 / 0.0253178 = 90.947253 cycles; hours = (t + 2) × 60 / 3600.
    // Share: 20 / (20 + 1 / 0.025 + 2) = 20 / 62.
    expect(stats).toMatchObject({ cyclesObserved: 12, cycleSeconds: 60, activePeriod: { method: 'steady-state', observed: 2 } });
    expect(stats?.activationsPerCycle).toBeCloseTo(0.25, 12);
    expect(stats?.removalsPerCycle).toBeCloseTo(4 / 12, 12);
    expect(stats?.standbyAddsPerCycle).toBeCloseTo(0.25, 12);
    expect(stats?.activePeriod.hours).toBeCloseTo(1 / 3, 12);
    expect(stats?.waitToActive?.p10Hours).toBeCloseTo(6.161518 / 60, 6);
    expect(stats?.waitToActive?.p50Hours).toBeCloseTo(29.377851 / 60, 6);
    expect(stats?.waitToActive?.p90Hours).toBeCloseTo(92.947253 / 60, 6);
    expect(stats?.activeShare).toBeCloseTo(20 / 62, 12);
  });

  it('when 3 periods complete, then their median is the active period and no join means no sync delay', () => {
    // Counters 0…9 of 30 s. K1, K2, K3 (flags unknown: community) activate at 0 and leave at 4, 6, 9:
    // periods 4, 6, 9, median 6 cycles = 6 × 30 / 3600 = 0.05 h. Activations 3 / 10 = 0.3, standby 3,
    // so p = 0.1 and ln(0.9) = −0.1053605: t10 = 1, t50 = 0.6931472 / 0.1053605 = 6.578813,
    // t90 = 2.3025851 / 0.1053605 = 21.854345 cycles; hours = t × 30 / 3600. Share 6 / (6 + 10).
    const cycles = window(0, 9, {
      0: { activated: ['key-1', 'key-2', 'key-3'] },
      4: { leftIds: ['1'] },
      6: { leftIds: ['2'] },
      9: { leftIds: ['3'] },
    }).map((record) => ({ ...record, duration: 30 }));
    const stats = rotationStats(input(cycles, { standby: 3 }));
    expect(stats?.activePeriod).toEqual({ hours: expect.closeTo(0.05, 12) as number, method: 'observed', observed: 3 });
    expect(stats?.waitToActive?.p10Hours).toBeCloseTo(1 / 120, 9);
    expect(stats?.waitToActive?.p50Hours).toBeCloseTo(6.578813 / 120, 6);
    expect(stats?.waitToActive?.p90Hours).toBeCloseTo(21.854345 / 120, 6);
    expect(stats?.activeShare).toBeCloseTo(0.375, 12);
  });

  it('when only foundation nodes activate, then the period is not estimated and there is no wait or share', () => {
    // G is flagged foundation by its own join record, H by the remembered flags.
    const cycles = window(1, 10, {
      1: { joined: [{ publicKey: 'key-g', id: 'g', foundation: true }] },
      3: { activated: ['key-g', 'key-h'] },
    });
    const stats = rotationStats(input(cycles, { foundationOf: (key) => (key === 'key-h' ? true : undefined) }));
    expect(stats).toMatchObject({
      activationsPerCycle: 0,
      activePeriod: { hours: 0, method: 'steady-state', observed: 0 },
      waitToActive: null,
      activeShare: null,
    });
  });

  it('when standby is empty, then there is no wait and no share, but the period still follows from the rate', () => {
    // One community activation in 10 cycles: 0.1 a cycle; 5 slots / 0.1 = 50 cycles = 50 min.
    const stats = rotationStats(input(window(1, 10, { 2: { activated: ['key-c'] } }), { standby: 0 }));
    expect(stats?.activePeriod.hours).toBeCloseTo(50 / 60, 12);
    expect(stats?.waitToActive).toBeNull();
    expect(stats?.activeShare).toBeNull();
  });

  it('when cycles differ in length, then the median length is the cycle', () => {
    // Durations 58, 59, 60, 61, 62, 90 and four of 60: sorted, the middle two are 60 and 60.
    const lengths = [58, 59, 60, 61, 62, 90, 60, 60, 60, 60];
    const stats = rotationStats(input(window(1, 10, {}).map((record, at) => ({ ...record, duration: lengths[at] as number }))));
    expect(stats?.cycleSeconds).toBe(60);
    expect(median([1, 4, 2, 3])).toBe(2.5);
  });
});
