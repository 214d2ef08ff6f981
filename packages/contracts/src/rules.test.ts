import { expectedActiveShare, nodesAffordable, percentOf, rewardPerMonth } from './rules';

describe('calculator rules (spec §9)', () => {
  it('when a node is active a whole month, then it earns rewardPerHour × 24 × 30', () => {
    expect(rewardPerMonth(10)).toBe(7200);
    expect(rewardPerMonth(0.48)).toBeCloseTo(345.6, 10);
  });

  it('when community nodes rotate, then expected active share is active / (active + standby)', () => {
    expect(expectedActiveShare(20, 200)).toBeCloseTo(20 / 220, 12);
    expect(expectedActiveShare(5, 0)).toBe(1);
  });

  it('when an investment buys stakes, then nodes affordable is floor(investment / (stake × price))', () => {
    expect(nodesAffordable(10_000, 2400, 0.1265)).toBe(32);
    expect(nodesAffordable(303.59, 2400, 0.1265)).toBe(0);
  });

  it('when the investment is an exact multiple of a stake, then rounding does not lose a node', () => {
    expect(nodesAffordable(2400 * 0.1265 * 3, 2400, 0.1265)).toBe(3);
    expect(nodesAffordable(0.3, 1, 0.1)).toBe(3);
  });

  it('when a stake costs nothing, then no finite node count exists and 0 is reported', () => {
    expect(nodesAffordable(1000, 2400, 0)).toBe(0);
    expect(nodesAffordable(1000, 0, 0.5)).toBe(0);
  });

  it('when the denominator is not positive, then a percentage is 0 rather than Infinity', () => {
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(1, 4)).toBe(25);
  });
});
