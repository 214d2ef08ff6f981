/**
 * Slow, obviously-correct versions of the engine's distributions, for tests to compare against:
 * built by repeated convolution or direct log-factorial sums, never by the engine's ratio walk or
 * Cornish–Fisher approximation.
 */

/** A discrete distribution: values in increasing order with their probabilities. */
export interface Distribution {
  values: number[];
  probs: number[];
}

/** Binomial(n, p) by adding one trial at a time (Pascal's rule). O(n²): small n only. */
export function binomialByConvolution(n: number, p: number): Distribution {
  let probs = [1];
  for (let t = 0; t < n; t++) {
    const next = new Array<number>(probs.length + 1).fill(0);
    probs.forEach((w, k) => {
      next[k]! += w * (1 - p);
      next[k + 1]! += w * p;
    });
    probs = next;
  }
  return { values: probs.map((_, k) => k), probs };
}

/** Binomial(n, p) from log n! − log k! − log (n−k)! by prefix sums of logs. O(n): large n. */
export function binomialByLogFactorials(n: number, p: number): Distribution {
  const logFact = [0];
  for (let i = 1; i <= n; i++) logFact.push(logFact[i - 1]! + Math.log(i));
  const probs = logFact.map((_, k) => Math.exp(logFact[n]! - logFact[k]! - logFact[n - k]! + k * Math.log(p) + (n - k) * Math.log1p(-p)));
  return { values: probs.map((_, k) => k), probs };
}

/** Smallest value whose cumulative probability reaches q (ties within 1e-12 count as reached). */
export function lowerQuantile(d: Distribution, q: number): number {
  let cumulative = 0;
  for (let i = 0; i < d.values.length; i++) {
    cumulative += d.probs[i]!;
    if (cumulative >= q - 1e-12) return d.values[i]!;
  }
  return d.values[d.values.length - 1]!;
}

/** The distribution of Σ weights[i] × K_i with K_i independent Binomial(n, p), by enumeration. */
export function weightedBinomialSum(n: number, p: number, weights: number[]): Distribution {
  const one = binomialByConvolution(n, p);
  let dist = new Map<number, number>([[0, 1]]);
  for (const weight of weights) {
    const next = new Map<number, number>();
    for (const [value, prob] of dist) {
      one.probs.forEach((q, k) => {
        const v = value + weight * k;
        next.set(v, (next.get(v) ?? 0) + prob * q);
      });
    }
    dist = next;
  }
  const values = [...dist.keys()].sort((a, b) => a - b);
  return { values, probs: values.map((v) => dist.get(v)!) };
}

/**
 * Months until the q-quantile of a fleet's cumulative profit first reaches `target`, on a grid of
 * one active period (1/periodsPerMonth months): after j periods the fleet's active periods are
 * Binomial(nodes × j, share), built up one trial at a time. Null beyond `maxMonths`.
 */
export function timeToTargetByScan(
  f: { nodes: number; periodsPerMonth: number; share: number; usdPerPeriod: number; fleetCostPerMonth: number },
  target: number,
  q: number,
  maxMonths = 1200,
): number | null {
  let probs = [1];
  for (let j = 1; j <= f.periodsPerMonth * maxMonths; j++) {
    for (let t = 0; t < f.nodes; t++) {
      const next = new Array<number>(probs.length + 1).fill(0);
      probs.forEach((w, k) => {
        next[k]! += w * (1 - f.share);
        next[k + 1]! += w * f.share;
      });
      probs = next;
    }
    const k = lowerQuantile({ values: probs.map((_, i) => i), probs }, q);
    if (f.usdPerPeriod * k - (f.fleetCostPerMonth * j) / f.periodsPerMonth >= target) return j / f.periodsPerMonth;
  }
  return null;
}
