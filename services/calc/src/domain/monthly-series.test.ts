import fc from 'fast-check';
import { CALCULATOR_DEFAULTS, type ProjectionParams } from '@shm/contracts';
import { lowerQuantile, weightedBinomialSum } from '../../test/support/brute-force';
import { projectEarnings } from './project-earnings';

const d = CALCULATOR_DEFAULTS;
const base: ProjectionParams = {
  investmentAmount: d.investmentAmount,
  projectionMonths: 12,
  projectedShmPrice: 1,
  shmPrice: d.shmPrice,
  shmStake: d.shmStake,
  nodeCostPerMonth: d.nodeCostPerMonth,
  rewardPerHour: d.rewardPerHour,
  totalNodes: d.totalNodes,
  activeCommunityNodes: d.activeCommunityNodes,
  standbyNodes: d.standbyNodes,
};

describe('monthly series', () => {
  it('when the defaults are projected, then month 1 and month 12 are the hand-worked ones', () => {
    const { monthly } = projectEarnings(base);
    expect(monthly.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // 32 nodes × 654.5454… SHM = 20,945.4545 SHM; month 1 at 0.1265 + 0.8735 / 12 = 0.1992917 USD
    expect(monthly[0]?.shm).toBeCloseTo(20_945.454545, 5);
    expect(monthly[0]?.price).toBeCloseTo(0.199291667, 8);
    expect(monthly[0]?.value).toBeCloseTo(4_174.254545, 5);
    expect(monthly[0]?.cumulativeProfit).toBeCloseTo(3_054.254545, 5); // − 32 × 35
    expect(monthly[11]?.price).toBeCloseTo(1, 12);
    expect(monthly[11]?.value).toBeCloseTo(20_945.454545, 5);
  });

  it('when the series ends, then its last cumulative profit is the projection’s total earnings', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1200 }), fc.double({ min: 0, max: 10, noNaN: true }), (months, finalPrice) => {
        const r = projectEarnings({ ...base, projectionMonths: months, projectedShmPrice: finalPrice });
        expect(r.monthly).toHaveLength(months);
        const sumOfValues = r.monthly.reduce((sum, m) => sum + m.value, 0);
        const expectedLast = sumOfValues - r.maxNodes * base.nodeCostPerMonth * months;
        const last = r.monthly.at(-1)?.cumulativeProfit;
        if (last === undefined) throw new Error('the projection has no month');
        expect(Math.abs(last - expectedLast)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expectedLast)));
        expect(Math.abs(last - r.totalEarningsAfterMonths)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(last)));
      }),
    );
  });

  it('when rotation is random, then P10 ≤ expected ≤ P90 every month and the band grows with time', () => {
    const { monthly } = projectEarnings({ ...base, projectionMonths: 120 });
    let width = 0;
    for (const m of monthly) {
      expect(m.cumulativeProfitP10).toBeLessThan(m.cumulativeProfit);
      expect(m.cumulativeProfitP90).toBeGreaterThan(m.cumulativeProfit);
      expect(m.cumulativeProfitP90 - m.cumulativeProfitP10).toBeGreaterThan(width);
      width = m.cumulativeProfitP90 - m.cumulativeProfitP10;
    }
  });

  it('when there is no standby or no node, then P10 and P90 are the expected cumulative profit', () => {
    for (const r of [projectEarnings({ ...base, standbyNodes: 0 }), projectEarnings({ ...base, investmentAmount: 100 })]) {
      for (const m of r.monthly) {
        expect(m.cumulativeProfitP10).toBeCloseTo(m.cumulativeProfit, 9);
        expect(m.cumulativeProfitP90).toBeCloseTo(m.cumulativeProfit, 9);
      }
    }
  });

  /*
   * One node, 120-hour periods (6 a month), share 1/4, 10 SHM an hour: each active period is worth
   * 1,200 SHM. Over 4 months at 0.10 → 0.40 USD the exact distribution of the value sold is the
   * sum of 1,200 × price_m × Binomial(6, 1/4), enumerated. The Cornish–Fisher P10/P90 must be within
   * one active period at the lowest price (1,200 × 0.175 = 210 USD) of it (41 USD is the worst seen).
   */
  it('when a small fleet is enumerated exactly, then P10 and P90 are within one active period’s value of it', () => {
    const p = { ...base, investmentAmount: 100, shmStake: 1000, shmPrice: 0.1, projectedShmPrice: 0.4, projectionMonths: 4 };
    const r = projectEarnings({ ...p, activeCommunityNodes: 1, standbyNodes: 3, activePeriodHours: 120 });
    expect(r.maxNodes).toBe(1);
    const prices = [0.175, 0.25, 0.325, 0.4];
    r.monthly.forEach((month, index) => {
      const exact = weightedBinomialSum(6, 0.25, prices.slice(0, index + 1).map((price) => 1_200 * price));
      const costs = 35 * (index + 1);
      expect(Math.abs(month.cumulativeProfitP10 - (lowerQuantile(exact, 0.1) - costs))).toBeLessThanOrEqual(210);
      expect(Math.abs(month.cumulativeProfitP90 - (lowerQuantile(exact, 0.9) - costs))).toBeLessThanOrEqual(210);
    });
  });
});
