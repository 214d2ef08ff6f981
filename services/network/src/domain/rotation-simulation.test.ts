import { rotationStats } from './rotation-stats';
import { empiricalQuantile, simulateRotation, type RotationRules } from './rotation-simulation.test-helper';

/**
 * rotationStats read from cycle records of a simulated network must predict what the simulated
 * nodes lived through: the P10 / P50 / P90 of the waits of tens of thousands of tagged nodes, and
 * the share of time community nodes spent active.
 *
 * Tolerance. An empirical q-quantile of n geometric waits has a relative standard error of
 * √(q / ((1 − q) n)) / −ln(1 − q) (the quantile's binomial error √(q(1 − q)/n) over the density
 * λ(1 − q) there, relative to −ln(1 − q)/λ): with n ≈ 30 000 that is 1.8 % at P10, 0.83 % at P50 and
 * 0.75 % at P90. The prediction rests on the window's own activation count m, with a relative error
 * of 1/√m (≈ 0.6 %). Four combined standard errors, plus one cycle because a simulated wait is a
 * whole number of cycles and the formula's quantile is not, gives the bound: about 7.5 % at P10 and
 * 4 % at P50 and P90. A formula off by the sync delay, by counting foundation activations, or by
 * taking p as activeSlots / standby misses by far more (checked by breaking each once).
 */
const PARAMETER_SETS: [string, RotationRules][] = [
  // The sample network: 412 standby, 22 community slots held 240 cycles: 22 / 240 picks a cycle,
  // p = 0.0917 / 412 = 1 / 4495. The tail of 45 000 cycles (10 mean waits) lets tagged waits finish.
  [
    '412 standby, 22 slots, 240-cycle periods',
    { standby: 412, slots: 22, period: 240, syncCycles: 5, foundationEvery: 4, tagUntil: 330_000, cycles: 375_000, seed: 7 },
  ],
  // A small, fast network: 1 / 3 picks a cycle, p = 1 / 150, periods 20…40 cycles (mean 30); there
  // the 5-cycle sync delay is a third of P10, so leaving it out fails.
  [
    '50 standby, 10 slots, 20–40-cycle periods',
    { standby: 50, slots: 10, period: [20, 40], syncCycles: 5, foundationEvery: 6, tagUntil: 90_000, cycles: 92_000, seed: 11 },
  ],
];

const relativeQuantileError = (q: number, n: number) => Math.sqrt(q / ((1 - q) * n)) / -Math.log(1 - q);

describe('rotationStats against a simulated rotation', () => {
  it.each(PARAMETER_SETS)('when %s, then the predicted waits and active share are what the nodes lived through', (_name, rules) => {
    const simulated = simulateRotation(rules);
    const stats = rotationStats({
      cycles: simulated.records,
      foundationOf: (key) => (key.startsWith('key-f') ? true : undefined),
      keyOfId: (id) => `key-${id}`,
      activeSlots: rules.slots,
      standby: rules.standby,
    });
    if (!stats?.waitToActive || stats.activeShare === null) throw new Error('no wait predicted');

    const n = simulated.waits.length;
    expect(n).toBeGreaterThan(25_000);
    // Fewer than 1 in 10 000 tagged nodes still waiting: the censored tail cannot move P90.
    expect(simulated.unfinished).toBeLessThan(n / 10_000);
    const activations = stats.activationsPerCycle * stats.cyclesObserved;
    const sorted = [...simulated.waits].sort((a, b) => a - b);
    const hoursPerCycle = stats.cycleSeconds / 3600;
    const predicted = { 0.1: stats.waitToActive.p10Hours, 0.5: stats.waitToActive.p50Hours, 0.9: stats.waitToActive.p90Hours };
    for (const q of [0.1, 0.5, 0.9] as const) {
      const expected = empiricalQuantile(sorted, q);
      const relative = 4 * Math.hypot(relativeQuantileError(q, n), 1 / Math.sqrt(activations));
      const got = predicted[q] / hoursPerCycle;
      const bound = expected * relative + 1;
      // The quantile rides along so a failure names which one missed, and by how much.
      expect({ q, got, expected, within: Math.abs(got - expected) <= bound }).toEqual({ q, got, expected, within: true });
    }

    // The share of node-time active wanders with the number of nodes active (about √slots around
    // slots, correlated over a period): over these runs its error is below 1 %; 3 % bounds it.
    expect(Math.abs(stats.activeShare - simulated.activeShare)).toBeLessThanOrEqual(0.03 * simulated.activeShare);
  });
});
