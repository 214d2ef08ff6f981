import fc from 'fast-check';
import { CALCULATOR_DEFAULTS, type CalculatorParams } from '@shm/contracts';
import { binomialByConvolution, lowerQuantile, timeToTargetByScan } from '../../test/support/brute-force';
import { calculateEconomics } from './calculate-economics';

const calc = (overrides: Partial<CalculatorParams> = {}) => calculateEconomics({ ...CALCULATOR_DEFAULTS, ...overrides });

/** A time to target (months) the test expects to exist. */
function reached(months: number | null, what: string): number {
  if (months === null) throw new Error(`${what}: the target is never reached`);
  return months;
}

/*
 * At the defaults a month has 720 / 4 = 180 active periods of 4 hours, each worth 10 × 4 = 40 SHM,
 * and a node is active in each with probability 20 / 220 = 1/11. Summing Binomial(180, 1/11)
 * probabilities: P(K ≤ 11) = 0.0983, P(K ≤ 12) = 0.1560, P(K ≤ 15) = 0.4441, P(K ≤ 16) = 0.5504,
 * P(K ≤ 20) = 0.8905, P(K ≤ 21) = 0.9283 — so P10, P50, P90 are 12, 16 and 21 periods.
 */
describe('risk bands', () => {
  it('when the defaults are used, then a node earns 480 / 640 / 840 SHM a month at P10 / P50 / P90', () => {
    const { riskBands } = calc();
    expect(riskBands.activePeriodHours).toBe(4);
    expect(riskBands.monthlySHM).toEqual({ p10: 480, p50: 640, p90: 840 }); // 12, 16, 21 × 40
    // × 0.1265 − 35
    expect(riskBands.monthlyProfit.p10).toBeCloseTo(25.72, 9);
    expect(riskBands.monthlyProfit.p50).toBeCloseTo(45.96, 9);
    expect(riskBands.monthlyProfit.p90).toBeCloseTo(71.26, 9);
    const exact = binomialByConvolution(180, 1 / 11);
    expect([0.1, 0.5, 0.9].map((q) => 40 * lowerQuantile(exact, q))).toEqual([480, 640, 840]);
  });

  it('when a node stays active a whole month once rotated in, then 10 in 11 months it earns nothing', () => {
    // One period of 720 h; P(K = 0) = 10/11 = 0.909 ≥ 0.9, so even P90 is 0.
    const { riskBands } = calc({ activePeriodHours: 720 });
    expect(riskBands.monthlySHM).toEqual({ p10: 0, p50: 0, p90: 0 });
    expect(riskBands.monthlyProfit).toEqual({ p10: -35, p50: -35, p90: -35 });
  });

  it('when there is no standby, then every band is the expected value', () => {
    const r = calc({ standbyNodes: 0 });
    expect(r.riskBands.monthlySHM).toEqual({ p10: 7200, p50: 7200, p90: 7200 });
    // 32 nodes × (7200 × 0.1265 − 35) = 28,025.60 a month; 100,000 / 28,025.60 = 3.5682 months
    for (const t of Object.values(r.riskBands.timeToTarget)) expect(t).toBeCloseTo(3.568166248, 8);
  });

  it('when the investment buys no node, then there is no time to target at any percentile', () => {
    expect(calc({ investmentAmount: 100 }).riskBands.timeToTarget).toEqual({ p10: null, p50: null, p90: null });
  });

  it('when the target is 0, then it is reached at once at every percentile', () => {
    expect(calc({ targetEarnings: 0 }).riskBands.timeToTarget).toEqual({ p10: 0, p50: 0, p90: 0 });
  });

  it('when the fleet is profitable, then the time-to-target band surrounds the expected 65.38 months', () => {
    const { riskBands, timeToTarget } = calc();
    const t = riskBands.timeToTarget;
    const expected = reached(timeToTarget, 'the expected time');
    expect(t.p10).toBeLessThan(expected);
    expect(t.p90).toBeGreaterThan(expected);
    // Over 65.4 months the 32 nodes have 180 × 32 × 65.4 = 376,500 chances: the band is narrow.
    expect(Math.abs(reached(t.p50, 'P50') - expected)).toBeLessThan(0.01);
    expect(reached(t.p90, 'P90') - reached(t.p10, 'P10')).toBeLessThan(2);
  });

  /*
   * Small fleets where an exact answer can be scanned: one active node in four (share 1/4), 10 SHM
   * an hour at 0.10 USD, so an active period of h hours is worth h USD and a node expects
   * 7,200 × 1/4 × 0.10 = 180 USD a month. The engine's closed form (Cornish–Fisher) against a scan of
   * the exact binomial quantile period by period.
   */
  it.each([
    // nodes, period hours, node cost, target, tolerance (months)
    [2, 120, 50, 2_600, 0.25], // expected 2,600 / (2 × 130) = 10 months
    [5, 24, 50, 20_000, 0.1], // expected 20,000 / (5 × 130) = 30.77 months
    [3, 120, 170, 600, 3], // thin margin: 600 / (3 × 10) = 20 months, the late end near 122
  ])('when %i nodes with %i-hour periods pay %i a month toward %i, then each percentile is within %f months of the exact scan', (nodes, hours, cost, target, tolerance) => {
    const r = calc({
      activeCommunityNodes: 1,
      standbyNodes: 3,
      rewardPerHour: 10,
      shmPrice: 0.1,
      shmStake: 1000,
      investmentAmount: nodes * 100,
      nodeCostPerMonth: cost,
      targetEarnings: target,
      activePeriodHours: hours,
    });
    expect(r.maxNodes).toBe(nodes);
    const fleet = { nodes, periodsPerMonth: 720 / hours, share: 0.25, usdPerPeriod: hours, fleetCostPerMonth: nodes * cost };
    const { p10, p50, p90 } = r.riskBands.timeToTarget;
    // The early end (p10) is the fleet's lucky 90th percentile of active periods, and vice versa.
    const scanned = (level: number) => reached(timeToTargetByScan(fleet, target, level), `the scan at ${level}`);
    expect(Math.abs(reached(p10, 'P10') - scanned(0.9))).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(reached(p50, 'P50') - scanned(0.5))).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(reached(p90, 'P90') - scanned(0.1))).toBeLessThanOrEqual(tolerance);
  });

  it('when the fleet loses money on average, then only its lucky end reaches a small target', () => {
    // A node makes 82.80 − 83 = −0.20 USD a month, so the 32 nodes expect −6.40 and never get there;
    // but their monthly profit varies by 5.06 × 21.82 = 110.40 USD: a lucky start clears 100 USD.
    const r = calc({ nodeCostPerMonth: 83, targetEarnings: 100 });
    expect(r.timeToTarget).toBeNull();
    expect(r.riskBands.timeToTarget.p10).toBeGreaterThan(0);
    expect(r.riskBands.timeToTarget.p10).toBeLessThan(1);
    expect(r.riskBands.timeToTarget.p50).toBeNull();
    expect(r.riskBands.timeToTarget.p90).toBeNull();
  });

  it('when the late end needs more than 1200 months, then it is null while earlier percentiles are not', () => {
    // 32 nodes make 1,529.60 a month: a target of 1,198 months of that, with a band about ±3 months wide
    const t = calc({ targetEarnings: 1_529.6 * 1_198 }).riskBands.timeToTarget;
    expect(t.p10).not.toBeNull();
    expect(t.p90).toBeNull();
  });
});

const params = fc.record({
  activeCommunityNodes: fc.integer({ min: 1, max: 2_000 }),
  standbyNodes: fc.integer({ min: 0, max: 20_000 }),
  rewardPerHour: fc.double({ min: 0.01, max: 1_000, noNaN: true }),
  nodeCostPerMonth: fc.double({ min: 0, max: 1_000, noNaN: true }),
  shmPrice: fc.double({ min: 0.001, max: 10, noNaN: true }),
  activePeriodHours: fc.double({ min: 1 / 60, max: 720, noNaN: true }),
  investmentAmount: fc.double({ min: 0, max: 1e7, noNaN: true }),
  targetEarnings: fc.double({ min: 0, max: 1e7, noNaN: true }),
});

describe('risk band properties', () => {
  it('when any parameters are given, then P10 ≤ P50 ≤ P90 for SHM, profit and time to target', () => {
    fc.assert(
      fc.property(params, (params) => {
        const { monthlySHM, monthlyProfit, timeToTarget } = calc(params).riskBands;
        expect(monthlySHM.p10).toBeLessThanOrEqual(monthlySHM.p50);
        expect(monthlySHM.p50).toBeLessThanOrEqual(monthlySHM.p90);
        expect(monthlyProfit.p10).toBeLessThanOrEqual(monthlyProfit.p50);
        expect(monthlyProfit.p50).toBeLessThanOrEqual(monthlyProfit.p90);
        const never = (t: number | null) => t ?? Infinity;
        expect(never(timeToTarget.p10)).toBeLessThanOrEqual(never(timeToTarget.p50));
        expect(never(timeToTarget.p50)).toBeLessThanOrEqual(never(timeToTarget.p90));
      }),
    );
  });

  it('when any parameters are given, then the median month is within one active period’s reward of the expected month', () => {
    fc.assert(
      fc.property(params, (params) => {
        const r = calc(params);
        const periods = Math.max(1, Math.round(720 / params.activePeriodHours));
        const onePeriodSHM = (params.rewardPerHour * 720) / periods;
        expect(Math.abs(r.riskBands.monthlySHM.p50 - r.monthlySHM)).toBeLessThanOrEqual(onePeriodSHM * (1 + 1e-12));
      }),
    );
  });

  it('when standby grows relative to active, then the band widens relative to the mean', () => {
    const relativeWidth = (r: ReturnType<typeof calc>) => (r.riskBands.monthlySHM.p90 - r.riskBands.monthlySHM.p10) / r.monthlySHM;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.constantFrom(1 / 60, 0.25, 1, 4, 24),
        (active, standby, activePeriodHours) => {
          const before = calc({ activeCommunityNodes: active, standbyNodes: standby, activePeriodHours });
          // Doubling the pool (active + standby) halves the share. Whole periods make the band move in
          // steps, so with few active periods a month it may stay level (Binomial(720, 4/1306) and
          // Binomial(720, 4/2612) both span exactly 1.81 × their mean); it must never narrow while a
          // month holds at least one active period on average (below that P90 itself drops to 0), and
          // with five or more it must widen.
          const after = calc({ activeCommunityNodes: active, standbyNodes: 2 * standby + active, activePeriodHours });
          const activePeriodsAfter = (720 / activePeriodHours) * (after.expectedActiveTime / 100);
          fc.pre(activePeriodsAfter >= 1);
          if (activePeriodsAfter >= 5) expect(relativeWidth(after)).toBeGreaterThan(relativeWidth(before));
          else expect(relativeWidth(after)).toBeGreaterThanOrEqual(relativeWidth(before));
        },
      ),
    );
  });
});
