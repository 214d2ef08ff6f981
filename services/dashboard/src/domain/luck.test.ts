import { binomialCdf, luckPValue, poissonCdf } from './luck';

describe('binomialCdf and poissonCdf: the one-sided tail P(X ≤ k)', () => {
  it('when hand-worked binomials are asked, then they match', () => {
    // 10 fair coins, no head: 1/1024.
    expect(binomialCdf(0, 10, 0.5)).toBeCloseTo(1 / 1024, 15);
    // n 5, p 0.2, at most 1: 0.8^5 + 5 × 0.2 × 0.8^4 = 0.32768 + 0.4096 = 0.73728.
    expect(binomialCdf(1, 5, 0.2)).toBeCloseTo(0.73728, 12);
    // 500 cycles at 1 %: 0.99^500 = e^(500 ln 0.99) = e^−5.02517 = 0.0065705.
    expect(binomialCdf(0, 500, 0.01)).toBeCloseTo(0.0065705, 6);
    // 120 cycles at 1 % (1.2 expected), at most 1: 0.99^120 = e^(120 × −0.01005034) = e^−1.20604 = 0.299380;
    // 120 × 0.01 × 0.99^119 = 1.2 × 0.299380 / 0.99 = 0.362885; sum 0.662265.
    expect(binomialCdf(1, 120, 0.01)).toBeCloseTo(0.662265, 5);
  });

  it('when the window is very long, then a tail far below the smallest double’s (1−p)^n is still summed', () => {
    // 100,000 cycles at 1 %: 1000 expected; the tail at 1000 is about one half (the median), not 0.
    expect(binomialCdf(1000, 100_000, 0.01)).toBeGreaterThan(0.49);
    expect(binomialCdf(1000, 100_000, 0.01)).toBeLessThan(0.52);
  });

  it('when the issue’s examples are asked of the Poisson limit, then 0 of 5 is e^−5 and 1 of 1.2 is e^−1.2 × 2.2', () => {
    // e^−5 = 0.006737947: below 0.01.
    expect(poissonCdf(0, 5)).toBeCloseTo(0.006737947, 9);
    // e^−1.2 (1 + 1.2) = 0.3011942 × 2.2 = 0.6626273.
    expect(poissonCdf(1, 1.2)).toBeCloseTo(0.6626273, 7);
  });

  it('when the edges are asked, then they are certain', () => {
    expect([binomialCdf(-1, 10, 0.5), binomialCdf(10, 10, 0.5), binomialCdf(0, 10, 0), binomialCdf(0, 10, 1)]).toEqual([0, 1, 1, 0]);
    expect([poissonCdf(-1, 2), poissonCdf(0, 0)]).toEqual([0, 1]);
  });
});

describe('luckPValue', () => {
  it('when nothing is expected, then there is no p-value; otherwise the binomial over whole cycles', () => {
    expect([luckPValue(0, 100, null), luckPValue(0, 0.4, 0.5), luckPValue(0, 100, 0)]).toEqual([null, null, null]);
    // 499.6 cycles round to 500: the 0.99^500 above.
    expect(luckPValue(0, 499.6, 0.01)).toBeCloseTo(0.0065705, 6);
  });
});
