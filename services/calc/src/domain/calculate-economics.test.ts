import fc from 'fast-check';

/** Amounts as the contract accepts them: 0 or at least 1e-9. */
const amount = (max: number) => fc.double({ min: 0, max, noNaN: true }).map((v) => (v < 1e-9 ? 0 : v));
import { CALCULATOR_DEFAULTS, CalculatorParamsSchema, EconomicsResultsSchema, type CalculatorParams } from '@shm/contracts';
import { calculateEconomics } from './calculate-economics';

const defaults: CalculatorParams = { ...CALCULATOR_DEFAULTS };
const calc = (overrides: Partial<CalculatorParams> = {}) => calculateEconomics({ ...defaults, ...overrides });

/*
 * Expected figures of the calculator defaults, worked out by hand (docs/methodology.md), never from
 * the function's own outputs: one node earns 10 × 720 × 20/220 = 654.5454… SHM a month, worth
 * × 0.1265 = 82.80 USD, profit 82.80 − 35 = 47.80 USD; a stake is 2400 × 0.1265 = 303.60 USD;
 * 10,000 USD buys floor(10,000 / 303.60) = 32 nodes.
 */
describe('calculateEconomics', () => {
  it('when the defaults are used, then monthly SHM is reward × 720 × the active share', () => {
    const r = calc();
    expect(r.monthlySHM).toBeCloseTo(654.545454545, 8);
    expect(r.expectedActiveTime).toBeCloseTo(9.090909091, 8);
    expect(r.monthlyUSD).toBeCloseTo(82.8, 9);
    expect(r.monthlyProfit).toBeCloseTo(47.8, 9);
    expect(r.stakeValue).toBeCloseTo(303.6, 9);
  });

  it('when the network pays every active node, then yearly issuance and inflation follow from total nodes and supply', () => {
    const r = calc();
    expect(r.yearlyIssuance).toBe(22_118_400); // 10 × 720 × 12 × 256
    expect(r.inflationTotal).toBeCloseTo(8.882891566, 8); // 22,118,400 / 249,000,000
    expect(r.inflationCirculating).toBeCloseTo(27.648, 9); // 22,118,400 / 80,000,000
  });

  it('when no circulating supply is given, then the whole supply counts as circulating', () => {
    const { circulatingSupply: _c, ...rest } = defaults;
    expect(calculateEconomics(rest).inflationCirculating).toBeCloseTo(8.882891566, 8);
  });

  it('when APYs are computed, then gross uses rewards only and net uses profit, both against the stake value', () => {
    const r = calc();
    expect(r.grossAPY).toBeCloseTo(327.272727273, 8); // 82.80 × 12 / 303.60
    expect(r.netAPY).toBeCloseTo(188.932806324, 8); // 47.80 × 12 / 303.60
    expect(r.returnPercent).toBeCloseTo(15.744400527, 8); // 47.80 / 303.60
    expect(r.annualReturn).toBeCloseTo(573.6, 9);
  });

  it('when a node is profitable, then break-even is stake value / monthly profit', () => {
    expect(calc().breakEven).toBeCloseTo(6.351464435, 8); // 303.60 / 47.80
  });

  it('when costs exceed rewards, then break-even and time to target are null and the target is not achievable', () => {
    const r = calc({ nodeCostPerMonth: 1000 });
    expect(r.breakEven).toBeNull();
    expect(r.timeToTarget).toBeNull();
    expect(r.requiredMonthlyInvestment).toBeNull();
    expect(r.isTargetAchievable).toBe(false);
    expect(r.netAPY).toBeCloseTo(-3625.296442688, 6); // (82.80 − 1000) × 12 / 303.60 = −11,006.40 / 303.60
  });

  it('when the investment buys nodes, then max nodes and target planning follow from them', () => {
    const r = calc();
    expect(r.maxNodes).toBe(32);
    expect(r.timeToTarget).toBeCloseTo(65.376569038, 8); // 100,000 / (32 × 47.80)
    expect(r.projectedEarnings).toBeCloseTo(18_355.2, 8); // 32 × 47.80 × 12
    expect(r.requiredMonthlyInvestment).toBeCloseTo(53_130, 6); // ceil(100,000 / 573.60) = 175 stakes × 303.60
  });

  it('when the target is reached within the timeframe, then it is achievable; beyond the timeframe it is not', () => {
    const within = calc({ targetEarnings: 1000 });
    expect(within.timeToTarget).toBeCloseTo(0.653765690, 8); // 1,000 / 1,529.60
    expect(within.isTargetAchievable).toBe(true);
    expect(calc({ targetEarnings: 100_000 }).isTargetAchievable).toBe(false);
  });

  it('when the target takes more than 120 months, then it is unreachable even with a longer timeframe', () => {
    // The 32 nodes earn 1,529.60 USD a month: 121 months of that is 185,081.60 USD.
    const r = calc({ targetEarnings: 185_081.6, targetTimeframe: 200 });
    expect(r.timeToTarget).toBeCloseTo(121, 9);
    expect(r.isTargetAchievable).toBe(false);
    expect(calc({ targetEarnings: 182_022.4, targetTimeframe: 200 }).isTargetAchievable).toBe(true); // 119 months
  });

  it('when the target price differs from today, then staking gains and the price factor reflect it', () => {
    const r = calc();
    expect(r.priceAppreciationFactor).toBeCloseTo(7.905138340, 8); // 1 / 0.1265
    expect(r.stakingGains).toBeCloseTo(67_084.8, 6); // 32 × 2400 × (1 − 0.1265)
    // 32 × (654.5454… × 1 − 35) × 12 + 67,084.80
    expect(r.projectedEarningsWithPriceGain).toBeCloseTo(304_990.254545, 5);
  });

  it('when the SHM price is 0, then the price factor is 1 and nothing divides by zero', () => {
    const r = calc({ shmPrice: 0 });
    expect(r.priceAppreciationFactor).toBe(1);
    expect(r.maxNodes).toBe(0);
    expect(r.grossAPY).toBe(0);
    expect(EconomicsResultsSchema.safeParse(r).success).toBe(true);
  });

  it('when community nodes are a part of the active set, then participation is their percentage of total nodes', () => {
    expect(calc().networkParticipation).toBeCloseTo(7.8125, 9); // 20 / 256
  });
});

const validParams = fc.record({
  totalNodes: fc.integer({ min: 1, max: 100_000 }),
  activeCommunityNodes: fc.integer({ min: 1, max: 100_000 }),
  standbyNodes: fc.integer({ min: 0, max: 100_000 }),
  rewardPerHour: amount(1e6),
  nodeCostPerMonth: amount(1e6),
  shmPrice: amount(1e4),
  shmStake: amount(1e7),
  totalSupply: fc.double({ min: 1, max: 1e12, noNaN: true }),
  investmentAmount: amount(1e9),
  targetEarnings: amount(1e9),
  targetTimeframe: fc.integer({ min: 1, max: 1200 }),
  targetShmPrice: amount(1e4),
  activePeriodHours: fc.option(fc.double({ min: 1 / 60, max: 720, noNaN: true }), { nil: undefined }),
});

/** Every number anywhere in a result (nested bands and sensitivity entries included). */
const numbersIn = (value: unknown): number[] =>
  typeof value === 'number' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(numbersIn) : [];

/** The whole range the contract accepts, extremes included (MAX_INPUT is 1e15). */
const extremeParams = fc.record({
  totalNodes: fc.constantFrom(1, 1e15),
  activeCommunityNodes: fc.constantFrom(1, 20, 1e15),
  standbyNodes: fc.constantFrom(0, 200, 1e15),
  rewardPerHour: fc.constantFrom(0, 1e-9, 10, 1e15),
  nodeCostPerMonth: fc.constantFrom(0, 1e-9, 35, 1e15),
  shmPrice: fc.constantFrom(0, 1e-9, 0.1265, 1e15),
  shmStake: fc.constantFrom(0, 1e-9, 2400, 1e15),
  totalSupply: fc.constantFrom(1, 1e15),
  investmentAmount: fc.constantFrom(0, 1e15),
  targetEarnings: fc.constantFrom(0, 1e-9, 1e15),
  targetTimeframe: fc.constantFrom(1, 1200),
  targetShmPrice: fc.constantFrom(0, 1e15),
  activePeriodHours: fc.constantFrom(undefined, 1 / 60, 720),
});

describe('calculateEconomics properties', () => {
  it('when any valid parameters are given, then every result is finite or null and passes the reply contract', () => {
    fc.assert(
      fc.property(validParams, (params) => {
        expect(CalculatorParamsSchema.safeParse(params).success).toBe(true);
        const r = calculateEconomics(params);
        expect(EconomicsResultsSchema.safeParse(r).success).toBe(true);
        for (const value of numbersIn(r)) expect(Number.isFinite(value)).toBe(true);
      }),
    );
  });

  it('when inputs sit at the contract’s extremes, then every result, nested ones included, is finite or null', () => {
    fc.assert(
      fc.property(extremeParams, (params) => {
        expect(CalculatorParamsSchema.safeParse(params).success).toBe(true);
        const r = calculateEconomics(params);
        expect(EconomicsResultsSchema.safeParse(r).success).toBe(true);
        for (const value of numbersIn(r)) expect(Number.isFinite(value)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('when standby nodes increase, then expected active time and monthly SHM never rise', () => {
    fc.assert(
      fc.property(validParams, fc.integer({ min: 0, max: 10_000 }), (params, extra) => {
        const before = calculateEconomics(params);
        const after = calculateEconomics({ ...params, standbyNodes: params.standbyNodes + extra });
        expect(after.expectedActiveTime).toBeLessThanOrEqual(before.expectedActiveTime);
        expect(after.monthlySHM).toBeLessThanOrEqual(before.monthlySHM);
      }),
    );
  });

  it('when the node cost increases, then net APY never rises', () => {
    fc.assert(
      fc.property(validParams, amount(1e5), (params, extra) => {
        const before = calculateEconomics(params);
        const after = calculateEconomics({ ...params, nodeCostPerMonth: params.nodeCostPerMonth + extra });
        expect(after.netAPY).toBeLessThanOrEqual(before.netAPY);
      }),
    );
  });

  it('when the investment increases, then nodes affordable never fall', () => {
    fc.assert(
      fc.property(validParams, amount(1e6), (params, extra) => {
        const before = calculateEconomics(params).maxNodes;
        expect(calculateEconomics({ ...params, investmentAmount: params.investmentAmount + extra }).maxNodes).toBeGreaterThanOrEqual(before);
      }),
    );
  });
});
