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

/** One more trial (Pascal's rule): k successes after it are k before and a failure, or k − 1 and a success. */
const addTrial = (probs: number[], chance: number): number[] =>
  [...probs, 0].map((_, k) => (probs[k] ?? 0) * (1 - chance) + (probs[k - 1] ?? 0) * chance);

/** Binomial(trials, chance) by adding one trial at a time. O(trials²): few trials only. */
export function binomialByConvolution(trials: number, chance: number): Distribution {
  let probs = [1];
  for (let t = 0; t < trials; t++) probs = addTrial(probs, chance);
  return { values: probs.map((_, k) => k), probs };
}

/** Binomial(n = trials, p = chance) from log n! − log k! − log (n−k)! by prefix sums of logs. O(n): many trials. */
export function binomialByLogFactorials(trials: number, chance: number): Distribution {
  const logFact = [0];
  for (let i = 1; i <= trials; i++) logFact.push((logFact.at(-1) ?? 0) + Math.log(i));
  const logFactOf = (n: number) => logFact[n] ?? Number.NaN; // 0 ≤ n ≤ trials: always there
  const probs = logFact.map((logK, k) => Math.exp(logFactOf(trials) - logK - logFactOf(trials - k) + k * Math.log(chance) + (trials - k) * Math.log1p(-chance)));
  return { values: probs.map((_, k) => k), probs };
}

/** Smallest value whose cumulative probability reaches `level` (ties within 1e-12 count as reached). */
export function lowerQuantile(dist: Distribution, level: number): number {
  let cumulative = 0;
  for (const [i, value] of dist.values.entries()) {
    cumulative += dist.probs[i] ?? 0;
    if (cumulative >= level - 1e-12) return value;
  }
  const last = dist.values.at(-1);
  if (last === undefined) throw new Error('An empty distribution has no quantile');
  return last;
}

/** The distribution of Σ weights[i] × K_i with K_i independent Binomial(trials, chance), by enumeration. */
export function weightedBinomialSum(trials: number, chance: number, weights: number[]): Distribution {
  const one = binomialByConvolution(trials, chance);
  let dist = new Map<number, number>([[0, 1]]);
  for (const weight of weights) {
    const next = new Map<number, number>();
    for (const [value, prob] of dist) {
      one.probs.forEach((oneProb, successes) => {
        const sum = value + weight * successes;
        next.set(sum, (next.get(sum) ?? 0) + prob * oneProb);
      });
    }
    dist = next;
  }
  const sorted = [...dist].sort(([a], [b]) => a - b);
  return { values: sorted.map(([value]) => value), probs: sorted.map(([, prob]) => prob) };
}

/**
 * Months until the `level`-quantile of a fleet's cumulative profit first reaches `target`, on a grid of
 * one active period (1/periodsPerMonth months): after j periods the fleet's active periods are
 * Binomial(nodes × j, share), built up one trial at a time. Null beyond `maxMonths`.
 */
export function timeToTargetByScan(
  fleet: { nodes: number; periodsPerMonth: number; share: number; usdPerPeriod: number; fleetCostPerMonth: number },
  target: number,
  level: number,
  maxMonths = 1200,
): number | null {
  let probs = [1];
  for (let j = 1; j <= fleet.periodsPerMonth * maxMonths; j++) {
    for (let t = 0; t < fleet.nodes; t++) probs = addTrial(probs, fleet.share);
    const k = lowerQuantile({ values: probs.map((_, i) => i), probs }, level);
    if (fleet.usdPerPeriod * k - (fleet.fleetCostPerMonth * j) / fleet.periodsPerMonth >= target) return j / fleet.periodsPerMonth;
  }
  return null;
}
