import { NETWORK_SOURCES, type NetworkData } from '@shm/contracts';
import type { CycleCounts, NetworkEconomics } from './ports';
import { sourceLabel, type SourceName } from './source-label';

/** A snapshot before it is stamped with the time it was taken. */
export type SnapshotDraft = Omit<NetworkData, 'lastUpdated'>;

export interface NodeSplit {
  foundation: number;
  community: number;
}

/**
 * Foundation and community counts from the active node list, or undefined when any entry lacks
 * the `foundationNode` flag (the archiver leaves it unset for nodes active before the flag existed,
 * so a missing flag says nothing either way).
 */
export function splitByFoundationFlag(flags: (boolean | undefined)[]): NodeSplit | undefined {
  if (flags.length === 0 || flags.some((flag) => flag === undefined)) return undefined;
  const foundation = flags.filter(Boolean).length;
  return { foundation, community: flags.length - foundation };
}

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
 * The mapping of docs/network-data.md. totalNodes is the active set; with a known split, activeSlots
 * are the active slots community nodes hold (active − foundation), otherwise the whole active set;
 * communityNodes are the community nodes competing for those slots (activeSlots + standby).
 * The foundation count comes from the node list, the active count from the cycle record (the two can
 * differ by a node or two when read a moment apart), so the community share is active − foundation.
 */
export function snapshotFromCounts(
  counts: CycleCounts,
  split: NodeSplit | undefined,
  sources: { withSplit: SourceName; withoutSplit: SourceName },
  economics?: NetworkEconomics,
): SnapshotDraft {
  const { active, standby } = counts;
  const foundation = split ? Math.min(split.foundation, active) : undefined;
  const activeSlots = foundation === undefined ? active : active - foundation;
  const source =
    foundation === undefined
      ? sourceLabel(sources.withoutSplit, { active, standby })
      : sourceLabel(sources.withSplit, { foundation, community: activeSlots, active, standby });
  return {
    totalNodes: active,
    activeSlots,
    standbyNodes: standby,
    communityNodes: activeSlots + standby,
    ...(foundation === undefined ? {} : { totalFoundationNodes: foundation, totalCommunityNodes: activeSlots }),
    source,
    isEstimate: false,
    ...extras(counts, economics),
  };
}

/** Counts from a source that knows nothing of the foundation split (JSON-RPC, explorer). */
export const snapshotFromCycleOnly = (counts: CycleCounts, source: SourceName): SnapshotDraft => ({
  ...snapshotFromCounts(counts, undefined, { withSplit: source, withoutSplit: source }),
  source,
});

export const ARCHIVER_CYCLE_SOURCES = {
  withSplit: NETWORK_SOURCES.archiverLiveData,
  withoutSplit: NETWORK_SOURCES.archiverCalculated,
} as const;

export const ARCHIVER_LIST_SOURCES = {
  withSplit: NETWORK_SOURCES.archiverFullData,
  withoutSplit: NETWORK_SOURCES.archiverFullData,
} as const;
