import fc from 'fast-check';

/** Amounts as the contract accepts them: 0 or at least 1e-9. */
const amount = (max: number) => fc.double({ min: 0, max, noNaN: true }).map((v) => (v < 1e-9 ? 0 : v));
import { CALCULATOR_DEFAULTS, CalculatorParamsSchema, EconomicsResultsSchema, type CalculatorParams } from '@shm/contracts';
import { calculateEconomics } from './calculate-economics';

const defaults: CalculatorParams = { ...CALCULATOR_DEFAULTS };
const calc = (overrides: Partial<CalculatorParams> = {}) => calculateEconomics({ ...defaults, ...overrides });

describe('calculateEconomics', () => {
  it('when the defaults are used, then monthly SHM is reward × 720 × the active share', () => {
    const r = calc();
    expect(r.monthlySHM).toBeCloseTo((10 * 720 * 20) / 220, 9);
    expect(r.expectedActiveTime).toBeCloseTo((20 / 220) * 100, 9);
    expect(r.monthlyUSD).toBeCloseTo(r.monthlySHM * 0.1265, 9);
    expect(r.monthlyProfit).toBeCloseTo(r.monthlyUSD - 35, 9);
    expect(r.stakeValue).toBeCloseTo(2400 * 0.1265, 9);
  });

  it('when the network pays every active node, then yearly issuance and inflation follow from total nodes and supply', () => {
    const r = calc();
    expect(r.yearlyIssuance).toBe(10 * 720 * 12 * 256);
    expect(r.inflationTotal).toBeCloseTo((r.yearlyIssuance / 249_000_000) * 100, 9);
    expect(r.inflationCirculating).toBeCloseTo((r.yearlyIssuance / 80_000_000) * 100, 9);
  });

  it('when no circulating supply is given, then the whole supply counts as circulating', () => {
    const { circulatingSupply: _c, ...rest } = defaults;
    const r = calculateEconomics(rest);
    expect(r.inflationCirculating).toBeCloseTo(r.inflationTotal, 12);
  });

  it('when APYs are computed, then gross uses rewards only and net uses profit, both against the stake value', () => {
    const r = calc();
    expect(r.grossAPY).toBeCloseTo(((r.monthlyUSD * 12) / r.stakeValue) * 100, 9);
    expect(r.netAPY).toBeCloseTo(((r.monthlyProfit * 12) / r.stakeValue) * 100, 9);
    expect(r.returnPercent).toBeCloseTo((r.monthlyProfit / r.stakeValue) * 100, 9);
    expect(r.annualReturn).toBeCloseTo(r.monthlyProfit * 12, 9);
  });

  it('when a node is profitable, then break-even is stake value / monthly profit', () => {
    const r = calc();
    expect(r.breakEven).toBeCloseTo(r.stakeValue / r.monthlyProfit, 9);
  });

  it('when costs exceed rewards, then break-even and time to target are null and the target is not achievable', () => {
    const r = calc({ nodeCostPerMonth: 1000 });
    expect(r.breakEven).toBeNull();
    expect(r.timeToTarget).toBeNull();
    expect(r.requiredMonthlyInvestment).toBeNull();
    expect(r.isTargetAchievable).toBe(false);
    expect(r.netAPY).toBeLessThan(0);
  });

  it('when the investment buys nodes, then max nodes and target planning follow from them', () => {
    const r = calc();
    expect(r.maxNodes).toBe(Math.floor(10_000 / (2400 * 0.1265)));
    expect(r.timeToTarget).toBeCloseTo(100_000 / (r.maxNodes * r.monthlyProfit), 9);
    expect(r.projectedEarnings).toBeCloseTo(r.maxNodes * r.monthlyProfit * 12, 9);
    expect(r.requiredMonthlyInvestment).toBeCloseTo(Math.ceil(100_000 / (r.monthlyProfit * 12)) * r.stakeValue, 6);
  });

  it('when the target is reached within the timeframe, then it is achievable; beyond the timeframe it is not', () => {
    const within = calc({ targetEarnings: 1000 });
    expect(within.timeToTarget!).toBeLessThanOrEqual(12);
    expect(within.isTargetAchievable).toBe(true);
    expect(calc({ targetEarnings: 100_000 }).isTargetAchievable).toBe(false);
  });

  it('when the target takes more than 120 months, then it is unreachable even with a longer timeframe', () => {
    const fleetProfit = calc().maxNodes * calc().monthlyProfit;
    const r = calc({ targetEarnings: fleetProfit * 121, targetTimeframe: 200 });
    expect(r.timeToTarget).toBeCloseTo(121, 9);
    expect(r.isTargetAchievable).toBe(false);
    expect(calc({ targetEarnings: fleetProfit * 119, targetTimeframe: 200 }).isTargetAchievable).toBe(true);
  });

  it('when the target price differs from today, then staking gains and the price factor reflect it', () => {
    const r = calc();
    expect(r.priceAppreciationFactor).toBeCloseTo(1 / 0.1265, 9);
    expect(r.stakingGains).toBeCloseTo(r.maxNodes * 2400 * (1 - 0.1265), 6);
    expect(r.projectedEarningsWithPriceGain).toBeCloseTo(
      r.maxNodes * (r.monthlySHM * 1 - 35) * 12 + r.stakingGains,
      6,
    );
  });

  it('when the SHM price is 0, then the price factor is 1 and nothing divides by zero', () => {
    const r = calc({ shmPrice: 0 });
    expect(r.priceAppreciationFactor).toBe(1);
    expect(r.maxNodes).toBe(0);
    expect(r.grossAPY).toBe(0);
    expect(EconomicsResultsSchema.safeParse(r).success).toBe(true);
  });

  it('when community nodes are a part of the active set, then participation is their percentage of total nodes', () => {
    expect(calc().networkParticipation).toBeCloseTo((20 / 256) * 100, 9);
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
});

describe('calculateEconomics properties', () => {
  it('when any valid parameters are given, then every result is finite or null and passes the reply contract', () => {
    fc.assert(
      fc.property(validParams, (p) => {
        expect(CalculatorParamsSchema.safeParse(p).success).toBe(true);
        const r = calculateEconomics(p);
        expect(EconomicsResultsSchema.safeParse(r).success).toBe(true);
        for (const value of Object.values(r)) {
          if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
        }
      }),
    );
  });

  it('when standby nodes increase, then expected active time and monthly SHM never rise', () => {
    fc.assert(
      fc.property(validParams, fc.integer({ min: 0, max: 10_000 }), (p, extra) => {
        const before = calculateEconomics(p);
        const after = calculateEconomics({ ...p, standbyNodes: p.standbyNodes + extra });
        expect(after.expectedActiveTime).toBeLessThanOrEqual(before.expectedActiveTime);
        expect(after.monthlySHM).toBeLessThanOrEqual(before.monthlySHM);
      }),
    );
  });

  it('when the node cost increases, then net APY never rises', () => {
    fc.assert(
      fc.property(validParams, amount(1e5), (p, extra) => {
        const before = calculateEconomics(p);
        const after = calculateEconomics({ ...p, nodeCostPerMonth: p.nodeCostPerMonth + extra });
        expect(after.netAPY).toBeLessThanOrEqual(before.netAPY);
      }),
    );
  });

  it('when the investment increases, then nodes affordable never fall', () => {
    fc.assert(
      fc.property(validParams, amount(1e6), (p, extra) => {
        const before = calculateEconomics(p).maxNodes;
        expect(calculateEconomics({ ...p, investmentAmount: p.investmentAmount + extra }).maxNodes).toBeGreaterThanOrEqual(before);
      }),
    );
  });
});
