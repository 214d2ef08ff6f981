import type { PerformanceBasis } from '@shm/contracts';
import { formatNumber } from '../../../lib/format';

/**
 * Says which parameters the expected rewards were computed at, so a ratio can be judged: the live
 * network, or the calculator defaults while no network snapshot exists.
 */
export function describeBasis(basis: PerformanceBasis): string {
  const community = basis.activeCommunityNodes + basis.standbyNodes;
  const figures =
    `${formatNumber(basis.rewardPerHour, 4)} SHM per hour, ${formatNumber(basis.activeCommunityNodes, 0)} active of ` +
    `${formatNumber(community, 0)} community nodes: ${formatNumber(basis.monthlySHMPerNode, 2)} SHM per node per 30-day month`;
  return basis.source === 'live'
    ? `Expected rewards use today's live network parameters (${figures}).`
    : `No live network data yet: expected rewards use the calculator defaults (${figures}).`;
}
