import fc from 'fast-check';
import { CALCULATOR_DEFAULTS, SENSITIVITY_INPUTS, type CalculatorParams, type SensitivityEntry } from '@shm/contracts';
import { calculateEconomics } from './calculate-economics';

const calc = (overrides: Partial<CalculatorParams> = {}) => calculateEconomics({ ...CALCULATOR_DEFAULTS, ...overrides });
const entry = (list: SensitivityEntry[], input: SensitivityEntry['input']) => {
  const found = list.find((e) => e.input === input);
  if (!found) throw new Error(`no sensitivity entry for ${input}`);
  return found;
};

/*
 * Net APY at the defaults is 47.80 × 12 / 303.60 = 188.9328 %. By hand, one input at a time:
 * - standby 160: share 1/9, 800 SHM, 101.20 USD, profit 66.20 → 261.6601 %; standby 240: share
 *   1/13, 553.85 SHM, 70.06 USD, profit 35.06 → 138.5832 %
 * - reward ±20 %: revenue 82.80 ± 16.56 → ±16.56 × 1200 / 303.60 = ±65.4545 points
 * - active 16: share 16/216, 533.33 SHM, 67.47 USD, profit 32.47 → 128.3267 %
 * - stake ×0.8 / ×1.2: 188.9328 / 0.8 = 236.1660 %, / 1.2 = 157.4440 %
 * - price ×0.8: revenue 66.24, profit 31.24, stake value 242.88 → 154.3478 %
 * - cost ±7 USD: ∓7 × 1200 / 303.60 = ∓27.6680 points
 */
describe('sensitivity', () => {
  const { sensitivity, netAPY } = calc();

  it('when the defaults are used, then each input’s net APY at −20 % and +20 % is the hand-worked one', () => {
    expect(entry(sensitivity, 'standbyNodes').netAPYLow).toBeCloseTo(261.66008, 4);
    expect(entry(sensitivity, 'standbyNodes').netAPYHigh).toBeCloseTo(138.58316, 4);
    expect(entry(sensitivity, 'rewardPerHour').deltaLow).toBeCloseTo(-65.45455, 4);
    expect(entry(sensitivity, 'rewardPerHour').deltaHigh).toBeCloseTo(65.45455, 4);
    expect(entry(sensitivity, 'activeCommunityNodes').netAPYLow).toBeCloseTo(128.32675, 4);
    expect(entry(sensitivity, 'shmStake').netAPYLow).toBeCloseTo(236.16601, 4);
    expect(entry(sensitivity, 'shmStake').netAPYHigh).toBeCloseTo(157.44401, 4);
    expect(entry(sensitivity, 'shmPrice').netAPYLow).toBeCloseTo(154.34783, 4);
    expect(entry(sensitivity, 'nodeCostPerMonth').deltaLow).toBeCloseTo(27.66798, 4);
    expect(entry(sensitivity, 'nodeCostPerMonth').deltaHigh).toBeCloseTo(-27.66798, 4);
    for (const e of sensitivity) {
      expect(e.deltaLow).toBeCloseTo(e.netAPYLow - netAPY, 9);
      expect(e.deltaHigh).toBeCloseTo(e.netAPYHigh - netAPY, 9);
    }
  });

  it('when the defaults are used, then the inputs come largest impact first: standby, reward, active, stake, price, cost', () => {
    expect(sensitivity.map((e) => e.input)).toEqual(['standbyNodes', 'rewardPerHour', 'activeCommunityNodes', 'shmStake', 'shmPrice', 'nodeCostPerMonth']);
  });

  it('when an input is 0, then moving it by 20 % changes nothing', () => {
    const s = calc({ standbyNodes: 0, nodeCostPerMonth: 0 }).sensitivity;
    expect(entry(s, 'standbyNodes')).toMatchObject({ deltaLow: 0, deltaHigh: 0 });
    expect(entry(s, 'nodeCostPerMonth')).toMatchObject({ deltaLow: 0, deltaHigh: 0 });
  });
});

const realistic = fc.record({
  activeCommunityNodes: fc.integer({ min: 1, max: 5_000 }),
  standbyNodes: fc.integer({ min: 1, max: 50_000 }),
  rewardPerHour: fc.double({ min: 0.01, max: 1_000, noNaN: true }),
  nodeCostPerMonth: fc.double({ min: 1, max: 5_000, noNaN: true }),
  shmPrice: fc.double({ min: 0.001, max: 100, noNaN: true }),
  shmStake: fc.double({ min: 1, max: 1e6, noNaN: true }),
});

describe('sensitivity properties', () => {
  it('when any parameters are given, then every input appears once, largest impact first', () => {
    fc.assert(
      fc.property(realistic, (params) => {
        const s = calc(params).sensitivity;
        expect(s.map((e) => e.input).sort()).toEqual([...SENSITIVITY_INPUTS].sort());
        const impacts = s.map((e) => Math.max(Math.abs(e.deltaLow), Math.abs(e.deltaHigh)));
        expect(impacts).toEqual([...impacts].sort((a, b) => b - a));
      }),
    );
  });

  it('when an input rises, then net APY moves the way economics says it must', () => {
    fc.assert(
      fc.property(realistic, (params) => {
        const r = calc(params);
        const s = r.sensitivity;
        // Higher cost, more standby: less net APY. Higher reward, more active nodes, higher price
        // (the cost weighs less against a dearer stake): more.
        expect(entry(s, 'nodeCostPerMonth').deltaHigh).toBeLessThan(0);
        expect(entry(s, 'nodeCostPerMonth').deltaLow).toBeGreaterThan(0);
        expect(entry(s, 'standbyNodes').deltaHigh).toBeLessThan(0);
        expect(entry(s, 'standbyNodes').deltaLow).toBeGreaterThan(0);
        expect(entry(s, 'rewardPerHour').deltaHigh).toBeGreaterThan(0);
        expect(entry(s, 'activeCommunityNodes').deltaHigh).toBeGreaterThan(0);
        expect(entry(s, 'shmPrice').deltaHigh).toBeGreaterThan(0);
        // A bigger stake spreads a profit thinner, and a loss too.
        const stake = entry(s, 'shmStake').deltaHigh;
        if (r.monthlyProfit > 0) expect(stake).toBeLessThan(0);
        if (r.monthlyProfit < 0) expect(stake).toBeGreaterThan(0);
      }),
    );
  });

  it('when the SHM price rises, then gross USD rises', () => {
    fc.assert(
      fc.property(realistic, (params) => {
        expect(calc({ ...params, shmPrice: params.shmPrice * 1.2 }).monthlyUSD).toBeGreaterThan(calc(params).monthlyUSD);
      }),
    );
  });
});
