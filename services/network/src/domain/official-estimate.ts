import { CALCULATOR_DEFAULTS, NETWORK_SOURCES } from '@shm/contracts';
import type { SnapshotDraft } from './network-snapshot';

/** Shardeum's documented minimum validator stake (docs.shardeum.org, node types) and cycle length. */
export const DOCUMENTED_STAKE_SHM = 2400;
export const DOCUMENTED_CYCLE_SECONDS = 60;

/**
 * The last resort when no live source answers: the calculator's own defaults (spec §3) for the
 * node counts and reward, with Shardeum's documented stake and cycle. Always `isEstimate: true`.
 */
export function officialEstimate(now = new Date()): SnapshotDraft {
  const { totalNodes, activeCommunityNodes, standbyNodes, rewardPerHour } = CALCULATOR_DEFAULTS;
  return {
    totalNodes,
    activeSlots: activeCommunityNodes,
    standbyNodes,
    communityNodes: activeCommunityNodes + standbyNodes,
    source: NETWORK_SOURCES.officialSpecifications,
    isEstimate: true,
    cycleDurationSeconds: DOCUMENTED_CYCLE_SECONDS,
    rewardPerHour,
    stakeRequired: DOCUMENTED_STAKE_SHM,
    provenance: Object.fromEntries((['counts', 'split', 'economics'] as const).map((group) => [group, { origin: 'estimate', at: now.toISOString() }])),
  };
}
