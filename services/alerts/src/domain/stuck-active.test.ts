import type { NodeChange } from '@shm/contracts';
import { endedPeriodCycles, p99, stuckAfterCycles } from './stuck-active';

const KEY = 'cd'.repeat(32);
const departure = (id: string, cycle: number, from: NodeChange['from'] = 'active'): NodeChange => ({ id, publicKey: KEY, kind: 'removed', from, to: 'gone', cycle, at: '2026-02-01T00:00:00.000Z' });

describe('stuck active', () => {
  it('when a node leaves the active set, then its period is the departure cycle less the cycle its id says it entered (480 = 10 480 − 10 000)', () => {
    expect(endedPeriodCycles(departure(`10000:${KEY}:left-active`, 10_480))).toBe(480);
    expect(endedPeriodCycles(departure(`10000:${KEY}:left-standby`, 10_480, 'standby'))).toBeNull();
    expect(endedPeriodCycles({ ...departure(`10000:${KEY}:lost`, 10_480), to: 'active' })).toBeNull();
  });

  it('when the P99 is taken by nearest rank, then of 1..100 it is 99, of 1..200 it is 198, and of 3 values the largest', () => {
    expect(p99(Array.from({ length: 100 }, (_, i) => i + 1))).toBe(99);
    // rank ⌈0.99 × 200⌉ = 198.
    expect(p99(Array.from({ length: 200 }, (_, i) => 200 - i))).toBe(198);
    expect(p99([8, 10, 9])).toBe(10);
    expect(p99([])).toBeNull();
  });

  it('when fewer periods than the minimum were seen, then no threshold; else ⌈P99 × factor⌉ (480 × 1.5 = 720)', () => {
    const rules = { factor: 1.5, minPeriods: 50, sample: 1000 };
    expect(stuckAfterCycles(Array.from({ length: 49 }, () => 480), rules)).toBeNull();
    expect(stuckAfterCycles(Array.from({ length: 50 }, () => 480), rules)).toEqual({ p99Cycles: 480, threshold: 720 });
    expect(stuckAfterCycles([7, 7, 7], { ...rules, minPeriods: 3 })).toEqual({ p99Cycles: 7, threshold: 11 });
  });
});
