import {
  CALCULATOR_DEFAULTS,
  DAYS_PER_MONTH,
  expectedActiveShare,
  liveDefaultsFrom,
  rewardPerMonth,
  type NetworkData,
  type PerformanceBasis,
  type PortfolioPerformance,
} from '@shm/contracts';

const MS_PER_MONTH = DAYS_PER_MONTH * 24 * 3600 * 1000;

/**
 * Today's parameters for the expectation: the live network snapshot as the calculator applies it
 * (liveDefaultsFrom), the calculator page's defaults for what the snapshot does not carry.
 */
export function performanceBasis(network: NetworkData | undefined): PerformanceBasis {
  const live = network ? liveDefaultsFrom(network) : undefined;
  const rewardPerHour = live?.rewardPerHour ?? CALCULATOR_DEFAULTS.rewardPerHour;
  const activeCommunityNodes = live?.activeCommunityNodes ?? CALCULATOR_DEFAULTS.activeCommunityNodes;
  const standbyNodes = live?.standbyNodes ?? CALCULATOR_DEFAULTS.standbyNodes;
  return {
    rewardPerHour,
    activeCommunityNodes,
    standbyNodes,
    monthlySHMPerNode: rewardPerMonth(rewardPerHour) * expectedActiveShare(activeCommunityNodes, standbyNodes),
    source: network ? 'live' : 'defaults',
    lastUpdated: network?.lastUpdated ?? null,
  };
}

/**
 * What the calculator expects `nodeCount` nodes to have earned since `entryDate` (midnight UTC) at
 * the basis's monthly SHM per node, in 30-day months, and how the actual rewards compare.
 */
export function performanceOf(
  entry: { nodeCount: number; actualRewards: number; entryDate: string },
  basis: PerformanceBasis,
  now: Date,
): PortfolioPerformance {
  const monthsElapsed = Math.max(0, (now.getTime() - Date.parse(`${entry.entryDate}T00:00:00Z`)) / MS_PER_MONTH);
  const expectedRewards = entry.nodeCount * basis.monthlySHMPerNode * monthsElapsed;
  return { monthsElapsed, expectedRewards, ratio: expectedRewards > 0 ? entry.actualRewards / expectedRewards : null, source: 'typed' };
}

/**
 * A linked entry: the SHM its node earned by the network's rules since `from` (the later of the
 * entry date and the tracker's first sighting) against what the calculator expects ONE node to
 * earn over the same time. A linked entry is one node whatever its nodeCount says (linking sets it
 * to 1).
 */
export function nodePerformanceOf(earnedSHM: number, from: number, basis: PerformanceBasis, now: Date): PortfolioPerformance {
  const monthsElapsed = Math.max(0, (now.getTime() - from) / MS_PER_MONTH);
  const expectedRewards = basis.monthlySHMPerNode * monthsElapsed;
  return { monthsElapsed, expectedRewards, ratio: expectedRewards > 0 ? earnedSHM / expectedRewards : null, source: 'node' };
}
