/** z such that P(Z ≤ z) = 0.9 for a standard normal Z (P10 is at −z, P90 at +z). */
export const Z_90 = 1.2815515655446004;

/** Weights below this fraction of the mode's cannot move a quantile (the whole tail beyond is < 1e-16). */
const NEGLIGIBLE = 1e-18;
/**
 * A probability within this of a cumulative sum counts as reached: ties such as P(K ≤ 2) = 0.5 for
 * Binomial(5, 0.5) would otherwise go either way with rounding.
 */
const TIE = 1e-12;

/**
 * Exact lower quantiles of Binomial(trials, p): for each q, the smallest k with P(K ≤ k) ≥ q.
 * Walks the probabilities outward from the mode with the ratio P(k+1)/P(k) = (n−k)/(k+1) · p/(1−p)
 * until they are negligible, then normalises by their sum, so no factorial (and no rounding of one)
 * is needed. Cost is proportional to the standard deviation (about 20 σ steps).
 */
export function binomialQuantiles(trials: number, probability: number, qs: readonly number[]): number[] {
  if (probability <= 0) return qs.map(() => 0);
  if (probability >= 1) return qs.map(() => trials);
  const odds = probability / (1 - probability);
  const mode = Math.min(trials, Math.floor((trials + 1) * probability));

  // Weights relative to the mode's: below[j] is k = mode − 1 − j's, above[j] is k = mode + 1 + j's.
  let total = 1;
  let nBelow = 0;
  for (let k = mode, w = 1; k > 0; k--) {
    w *= k / ((trials - k + 1) * odds);
    if (w < NEGLIGIBLE) break;
    below = room(below, nBelow + 1);
    below[nBelow++] = w;
    total += w;
  }
  let nAbove = 0;
  for (let k = mode, w = 1; k < trials; k++) {
    w *= ((trials - k) / (k + 1)) * odds;
    if (w < NEGLIGIBLE) break;
    above = room(above, nAbove + 1);
    above[nAbove++] = w;
    total += w;
  }

  return qs.map((quantile) => {
    const needed = (quantile - TIE) * total;
    let cumulative = 0;
    // j stays within the weights written above; a read past them would be a weight of 0.
    for (let j = nBelow - 1; j >= 0; j--) {
      cumulative += below[j] ?? 0;
      if (cumulative >= needed) return mode - 1 - j;
    }
    cumulative += 1;
    if (cumulative >= needed) return mode;
    for (let j = 0; j < nAbove; j++) {
      cumulative += above[j] ?? 0;
      if (cumulative >= needed) return mode + 1 + j;
    }
    return mode + nAbove;
  });
}

// Buffers reused between calls (the engine is synchronous), grown when a wider walk needs it.
let below: Float64Array = new Float64Array(1024);
let above: Float64Array = new Float64Array(1024);
const room = (buffer: Float64Array, length: number): Float64Array => {
  if (buffer.length >= length) return buffer;
  const grown = new Float64Array(buffer.length * 2);
  grown.set(buffer);
  return grown;
};

/**
 * The Cornish–Fisher quantile from the first three cumulants: μ + σ·(z + (z² − 1)·γ/6), γ = κ₃/σ³.
 * Used where exact sums are too slow (a fleet over many months); for the binomial sums here its
 * error is below one trial's worth (docs/methodology.md states the tolerance and how it was checked).
 */
export function cornishFisherQuantile(mean: number, variance: number, thirdCumulant: number, zScore: number): number {
  if (!(variance > 0)) return mean;
  const sd = Math.sqrt(variance);
  return mean + sd * zScore + ((zScore * zScore - 1) * thirdCumulant) / (6 * variance);
}
