import type { LiveDefaults, LiveDefaultsReply, NetworkData } from '@shm/contracts';

/**
 * Calculator parameters from a network snapshot (docs/network-data.md): the community's active
 * slots are both the active community nodes and the read-only Active Nodes. The form's minimum of 1
 * for total and active community nodes is kept even if the network reports 0.
 */
export function liveDefaultsFrom(network: NetworkData): LiveDefaults {
  return {
    totalNodes: Math.max(1, network.totalNodes),
    activeCommunityNodes: Math.max(1, network.activeSlots),
    standbyNodes: network.standbyNodes,
    activeNodes: network.activeSlots,
    ...(network.rewardPerHour !== undefined ? { rewardPerHour: network.rewardPerHour } : {}),
    ...(network.stakeRequired !== undefined ? { shmStake: network.stakeRequired } : {}),
  };
}

/** Redis stream ids are `ms-seq`; an older event (a replay) never overrides a newer one. */
function isNewer(id: string, than: string | undefined): boolean {
  if (!than) return true;
  const [ms, seq] = id.split('-').map(Number) as [number, number];
  const [thanMs, thanSeq] = than.split('-').map(Number) as [number, number];
  return ms > thanMs || (ms === thanMs && seq > thanSeq);
}

/** The newest network snapshot calc has seen, as calculator defaults; empty until the first one. */
export function liveDefaultsState() {
  let latest: NetworkData | undefined;
  let lastId: string | undefined;
  return {
    apply(network: NetworkData, eventId: string) {
      if (!isNewer(eventId, lastId)) return;
      lastId = eventId;
      latest = network;
    },
    current(): LiveDefaultsReply {
      if (!latest) return { defaults: null, source: null, isEstimate: false, lastUpdated: null };
      return {
        defaults: liveDefaultsFrom(latest),
        source: latest.source,
        isEstimate: latest.isEstimate,
        lastUpdated: latest.lastUpdated,
      };
    },
  };
}
export type LiveDefaultsState = ReturnType<typeof liveDefaultsState>;
