import { linearScale, niceTicks, tickDomain } from './scale';

describe('niceTicks', () => {
  it.each([
    [0, 100, 5, [0, 20, 40, 60, 80, 100]],
    // span 1,269 / 5 = 253.8 → a step of 200
    [-35, 1234, 5, [-200, 0, 200, 400, 600, 800, 1000, 1200, 1400]],
    [0.12, 0.87, 4, [0, 0.2, 0.4, 0.6, 0.8, 1]],
    [1, 12, 6, [0, 2, 4, 6, 8, 10, 12]],
    [-72.7, 65.5, 4, [-100, -50, 0, 50, 100]],
  ])('when the values run from %p to %p (about %p ticks), then the ticks are %p', (min, max, count, ticks) => {
    expect(niceTicks(min, max, count)).toEqual(ticks);
  });

  it('when every value is the same, then the ticks surround it', () => {
    expect(niceTicks(0, 0, 4)).toEqual([-1, -0.5, 0, 0.5, 1]);
    const around = niceTicks(40, 40, 4);
    expect(around[0]).toBeLessThan(40);
    expect(around[around.length - 1]).toBeGreaterThan(40);
  });
});

describe('tickDomain', () => {
  it('when an axis has ticks, then it spans from the first to the last', () => {
    expect(tickDomain([-200, 0, 200, 400])).toEqual([-200, 400]);
    expect(tickDomain([0])).toEqual([0, 0]);
  });
});

describe('linearScale', () => {
  it('when a value lies in the domain, then it maps proportionally onto the range (inverted for a y axis)', () => {
    const y = linearScale([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(25)).toBe(150);
    expect(y(100)).toBe(0);
  });

  it('when the domain is a single value, then it maps to the middle', () => {
    expect(linearScale([5, 5], [0, 10])(5)).toBe(5);
  });
});
