import fc from 'fast-check';

/** Amounts as the contract accepts them: 0 or at least 1e-9. */
const amount = (max: number) => fc.double({ min: 0, max, noNaN: true }).map((v) => (v < 1e-9 ? 0 : v));
import { CALCULATOR_DEFAULTS, ProjectionResultsSchema, type ProjectionParams } from '@shm/contracts';
import { projectEarnings } from './project-earnings';

const base: ProjectionParams = {
  investmentAmount: CALCULATOR_DEFAULTS.investmentAmount,
  projectionMonths: 12,
  projectedShmPrice: 1,
  shmPrice: CALCULATOR_DEFAULTS.shmPrice,
  shmStake: CALCULATOR_DEFAULTS.shmStake,
  nodeCostPerMonth: CALCULATOR_DEFAULTS.nodeCostPerMonth,
  rewardPerHour: CALCULATOR_DEFAULTS.rewardPerHour,
  totalNodes: CALCULATOR_DEFAULTS.totalNodes,
  activeCommunityNodes: CALCULATOR_DEFAULTS.activeCommunityNodes,
  standbyNodes: CALCULATOR_DEFAULTS.standbyNodes,
};

/** The month-by-month sum the closed form replaces. */
function earningsByLoop(params: ProjectionParams, nodes: number): number {
  const monthlySHM = params.rewardPerHour * 720 * (params.activeCommunityNodes / (params.activeCommunityNodes + params.standbyNodes));
  let total = 0;
  for (let m = 1; m <= params.projectionMonths; m++) {
    const price = params.shmPrice + ((params.projectedShmPrice - params.shmPrice) * m) / params.projectionMonths;
    total += nodes * (monthlySHM * price - params.nodeCostPerMonth);
  }
  return total;
}

describe('projectEarnings', () => {
  it('when the price rises linearly to the target, then total earnings equal the month-by-month sum', () => {
    const r = projectEarnings(base);
    expect(r.maxNodes).toBe(32);
    expect(r.totalEarningsAfterMonths).toBeCloseTo(earningsByLoop(base, 32), 6);
    expect(r.totalMonthlyEarnings).toBeCloseTo(r.totalEarningsAfterMonths / 12, 9);
  });

  it('when the period ends, then final value is investment + earnings + staking gains', () => {
    const r = projectEarnings(base);
    expect(r.stakingGains).toBeCloseTo(32 * 2400 * (1 - 0.1265), 6);
    expect(r.totalValue).toBeCloseTo(10_000 + r.totalEarningsAfterMonths + r.stakingGains, 6);
    expect(r.priceAppreciationFactor).toBeCloseTo(1 / 0.1265, 9);
  });

  it('when the price stays flat, then monthly earnings equal nodes × monthly profit per node', () => {
    const flat = projectEarnings({ ...base, projectedShmPrice: base.shmPrice });
    expect(flat.stakingGains).toBe(0);
    expect(flat.priceAppreciationFactor).toBe(1);
    expect(flat.totalMonthlyEarnings).toBeCloseTo(flat.maxNodes * flat.monthlyProfitPerNode, 9);
  });

  it('when the investment cannot buy one stake, then nothing is earned and final value is the investment', () => {
    const r = projectEarnings({ ...base, investmentAmount: 100 });
    expect(r.maxNodes).toBe(0);
    expect(r.totalEarningsAfterMonths).toBe(0);
    expect(r.totalValue).toBe(100);
  });

  it('when any valid projection is requested, then the result is finite and matches the loop', () => {
    const params = fc.record({
      investmentAmount: amount(1e7),
      projectionMonths: fc.integer({ min: 1, max: 1200 }),
      projectedShmPrice: amount(100),
      shmPrice: fc.double({ min: 0.001, max: 100, noNaN: true }),
      shmStake: fc.double({ min: 1, max: 1e5, noNaN: true }),
      nodeCostPerMonth: amount(1e4),
      rewardPerHour: amount(1e3),
      totalNodes: fc.integer({ min: 1, max: 10_000 }),
      activeCommunityNodes: fc.integer({ min: 1, max: 10_000 }),
      standbyNodes: fc.integer({ min: 0, max: 10_000 }),
      activePeriodHours: fc.option(fc.double({ min: 1 / 60, max: 720, noNaN: true }), { nil: undefined }),
    });
    fc.assert(
      fc.property(params, (params) => {
        const r = projectEarnings(params);
        expect(ProjectionResultsSchema.safeParse(r).success).toBe(true);
        for (const m of r.monthly) for (const value of Object.values(m)) expect(Number.isFinite(value)).toBe(true);
        const loop = earningsByLoop(params, r.maxNodes);
        expect(Math.abs(r.totalEarningsAfterMonths - loop)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(loop)));
      }),
    );
  });

  it('when inputs sit at the contract’s extremes over 1200 months, then every month’s figures are finite', () => {
    const extreme = fc.record({
      investmentAmount: fc.constantFrom(0, 1e15),
      projectionMonths: fc.constantFrom(1, 1200),
      projectedShmPrice: fc.constantFrom(0, 1e-9, 1e15),
      shmPrice: fc.constantFrom(0, 1e-9, 1e15),
      shmStake: fc.constantFrom(0, 1e-9, 1e15),
      nodeCostPerMonth: fc.constantFrom(0, 1e15),
      rewardPerHour: fc.constantFrom(0, 1e-9, 1e15),
      totalNodes: fc.constantFrom(1, 1e15),
      activeCommunityNodes: fc.constantFrom(1, 1e15),
      standbyNodes: fc.constantFrom(0, 1e15),
      activePeriodHours: fc.constantFrom(undefined, 1 / 60, 720),
    });
    fc.assert(
      fc.property(extreme, (params) => {
        const r = projectEarnings(params);
        expect(ProjectionResultsSchema.safeParse(r).success).toBe(true);
        for (const m of r.monthly) for (const value of Object.values(m)) expect(Number.isFinite(value)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
