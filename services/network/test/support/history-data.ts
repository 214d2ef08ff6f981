import type { NetworkData } from '@shm/contracts';

/** A live snapshot with the given counts (`foundation` left out means the split was unknown). */
export function snapshotOf(
  counts: { active: number; standby: number; community: number; foundation?: number },
  extra: Partial<NetworkData> = {},
): NetworkData {
  return {
    totalNodes: counts.active,
    activeSlots: counts.community,
    standbyNodes: counts.standby,
    communityNodes: counts.community + counts.standby,
    ...(counts.foundation === undefined ? {} : { totalFoundationNodes: counts.foundation, totalCommunityNodes: counts.community }),
    source: 'archiver_live_data',
    isEstimate: false,
    lastUpdated: '2025-01-01T00:00:00.000Z',
    ...extra,
  };
}

export const at = (iso: string) => new Date(iso);
