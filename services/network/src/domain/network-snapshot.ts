import { isExactSplit, NETWORK_SOURCES, type CommunitySplit, type NetworkData } from '@shm/contracts';
import { foundationOf } from './community-split';
import type { CycleCounts, NetworkEconomics } from './ports';
import { sourceLabel, type SourceName } from './source-label';

/** A snapshot before it is stamped with the time it was taken. */
export type SnapshotDraft = Omit<NetworkData, 'lastUpdated'>;

function extras(counts: CycleCounts, economics: NetworkEconomics | undefined) {
  return {
    ...(counts.syncing !== undefined ? { syncingNodes: counts.syncing } : {}),
    ...(counts.desired !== undefined ? { desiredNodes: counts.desired } : {}),
    ...(counts.counter !== undefined ? { cycleCounter: counts.counter } : {}),
    ...(counts.durationSeconds !== undefined ? { cycleDurationSeconds: counts.durationSeconds } : {}),
    ...(economics ?? {}),
  };
}

/**
 * The mapping of docs/network-data.md. totalNodes is the active set; activeSlots are the active
 * slots community nodes hold: active − foundation, where foundation counts every active node not
 * known to be a community node (so a foundation slot is never counted as a community one);
 * communityNodes are the community nodes competing for those slots (activeSlots + standby). The
 * counts come from the cycle record and the split from the node list, read a moment apart, so
 * foundation is capped at the active count. An estimated split makes the snapshot an estimate.
 */
export function snapshotFromCounts(
  counts: CycleCounts,
  split: CommunitySplit,
  sources: { exact: SourceName; estimated: SourceName },
  economics?: NetworkEconomics,
): SnapshotDraft {
  const { active, standby } = counts;
  const foundation = Math.min(foundationOf(split), active);
  const activeSlots = active - foundation;
  const estimated = !isExactSplit(split);
  const source = estimated
    ? sourceLabel(sources.estimated, { active, standby })
    : sourceLabel(sources.exact, { foundation, community: activeSlots, active, standby });
  return {
    totalNodes: active,
    activeSlots,
    standbyNodes: standby,
    communityNodes: activeSlots + standby,
    totalFoundationNodes: foundation,
    totalCommunityNodes: activeSlots,
    source,
    isEstimate: estimated,
    communitySplit: split,
    ...extras(counts, economics),
  };
}

export const ARCHIVER_CYCLE_SOURCES = {
  exact: NETWORK_SOURCES.archiverLiveData,
  estimated: NETWORK_SOURCES.archiverCalculated,
} as const;

/** Counts from a fallback source (JSON-RPC, explorer): its plain name as the label. */
export const snapshotFromFallback = (counts: CycleCounts, split: CommunitySplit, source: SourceName): SnapshotDraft => ({
  ...snapshotFromCounts(counts, split, { exact: source, estimated: source }),
  source,
});
