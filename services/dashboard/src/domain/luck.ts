// One-sided tails for "unlucky or broken?" (docs/my-nodes.md, "Fleet view"). Written here rather than
// taken from a statistics package: the fleet view needs two short sums, and the maintained packages
// (jstat, simple-statistics' CDFs) bring far more than that for the service to carry.

/**
 * P(X ≤ k) for X ~ Binomial(n, p): the chance of k (`successes`) or fewer selections in n (`trials`)
 * standby cycles when each selects the node with probability p. Terms are built in log space
 * (C(n, i+1)/C(n, i) = (n−i)/(i+1)) so a long window ((1−p)^n below the smallest double) does not underflow to 0.
 */
export function binomialCdf(successes: number, trials: number, chance: number): number {
  if (successes < 0) return 0;
  if (successes >= trials || chance <= 0) return 1;
  if (chance >= 1) return 0;
  const odds = Math.log(chance) - Math.log1p(-chance);
  let logTerm = trials * Math.log1p(-chance);
  let sum = 0;
  for (let i = 0; i <= successes; i += 1) {
    sum += Math.exp(logTerm);
    logTerm += Math.log((trials - i) / (i + 1)) + odds;
  }
  return Math.min(1, sum);
}

/** P(X ≤ k) for X ~ Poisson(mean): the binomial's limit for many cycles each with a small chance. */
export function poissonCdf(successes: number, mean: number): number {
  if (successes < 0) return 0;
  if (mean <= 0) return 1;
  let logTerm = -mean;
  let sum = 0;
  for (let i = 0; i <= successes; i += 1) {
    sum += Math.exp(logTerm);
    logTerm += Math.log(mean / (i + 1));
  }
  return Math.min(1, sum);
}

/**
 * How likely `activations` or fewer are when `standbyCycles` cycles each select with `rate`: the
 * binomial over the whole cycles; null while nothing is expected (no rate, or no whole cycle).
 */
export function luckPValue(activations: number, standbyCycles: number, rate: number | null): number | null {
  const cycles = Math.round(standbyCycles);
  if (rate === null || rate <= 0 || cycles < 1) return null;
  return binomialCdf(activations, cycles, rate);
}
