import { liveDefaultsFrom, type LiveDefaultsReply, type NetworkData } from '@shm/contracts';

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
