import fc from 'fast-check';
import { binomialByConvolution, binomialByLogFactorials, lowerQuantile } from '../../test/support/brute-force';
import { Z_90, binomialQuantiles, cornishFisherQuantile } from './binomial';

const PERCENTILES = [0.1, 0.5, 0.9];

describe('binomialQuantiles', () => {
  it('when K ~ Binomial(4, 1/2), then P10, P50, P90 are 1, 2, 3 (CDF 1/16, 5/16, 11/16, 15/16, 1)', () => {
    expect(binomialQuantiles(4, 0.5, PERCENTILES)).toEqual([1, 2, 3]);
  });

  it('when K ~ Binomial(10, 0.1), then P10, P50, P90 are 0, 1, 2 (CDF 0.349, 0.736, 0.930)', () => {
    expect(binomialQuantiles(10, 0.1, PERCENTILES)).toEqual([0, 1, 2]);
  });

  it('when every trial succeeds or almost none can, then the quantiles are n or 0', () => {
    expect(binomialQuantiles(180, 1, PERCENTILES)).toEqual([180, 180, 180]);
    expect(binomialQuantiles(180, 1e-12, PERCENTILES)).toEqual([0, 0, 0]);
  });

  it('when n is small, then every quantile equals the brute-force CDF sum (Pascal convolution)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.double({ min: 1e-6, max: 1 - 1e-6, noNaN: true }),
        fc.array(fc.double({ min: 0.001, max: 0.999, noNaN: true }), { minLength: 1, maxLength: 5 }),
        (trials, probability, qs) => {
          const exact = binomialByConvolution(trials, probability);
          expect(binomialQuantiles(trials, probability, qs)).toEqual(qs.map((q) => lowerQuantile(exact, q)));
        },
      ),
    );
  });

  it('when n is as large as the model allows (43,200 one-minute periods), then the quantiles equal the log-factorial CDF sum', () => {
    for (const [n, p] of [
      [43_200, 0.5],
      [43_200, 1 / 11],
      [43_200, 1e-5],
      [5_000, 0.999],
    ] as const) {
      const exact = binomialByLogFactorials(n, p);
      expect({ n, p, q: binomialQuantiles(n, p, PERCENTILES) }).toEqual({ n, p, q: PERCENTILES.map((q) => lowerQuantile(exact, q)) });
    }
  });
});

describe('cornishFisherQuantile', () => {
  it('when there is no spread, then every quantile is the mean', () => {
    expect(cornishFisherQuantile(42, 0, 0, Z_90)).toBe(42);
  });

  it('when a normal quantile is asked (no skew), then it is mean + z × sd', () => {
    expect(cornishFisherQuantile(100, 25, 0, Z_90)).toBeCloseTo(100 + 5 * 1.2815515655, 9);
  });

  // The tolerance docs/methodology.md states: a continuous stand-in for the exact quantile k belongs
  // in (k − 1, k]; the approximation stays within 0.75 of a trial of that interval (worst seen 0.61).
  it('when applied to a binomial, then it lies within one trial of the exact quantile', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3_000 }),
        fc.double({ min: 1e-4, max: 1 - 1e-4, noNaN: true }),
        fc.constantFrom(-Z_90, 0, Z_90),
        (trials, probability, zScore) => {
          const exactK = lowerQuantile(binomialByLogFactorials(trials, probability), zScore < 0 ? 0.1 : zScore > 0 ? 0.9 : 0.5);
          const variance = trials * probability * (1 - probability);
          const approx = cornishFisherQuantile(trials * probability, variance, variance * (1 - 2 * probability), zScore);
          expect(approx).toBeGreaterThanOrEqual(exactK - 1.75);
          expect(approx).toBeLessThanOrEqual(exactK + 0.75);
        },
      ),
    );
  });
});
