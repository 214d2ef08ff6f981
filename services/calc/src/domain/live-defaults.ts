import { liveDefaultsFrom, type LiveDefaultsReply, type NetworkData } from '@shm/contracts';
import { isNewerStreamId } from '@shm/platform/redis';

/** The newest network snapshot calc has seen, as calculator defaults; empty until the first one. */
export function liveDefaultsState() {
  let latest: NetworkData | undefined;
  let lastId: string | undefined;
  return {
    apply(network: NetworkData, eventId: string) {
      if (!isNewerStreamId(eventId, lastId)) return;
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
        ...(latest.communitySplit ? { communitySplit: latest.communitySplit } : {}),
        ...(latest.rotation ? { rotation: latest.rotation } : {}),
        ...(latest.provenance ? { provenance: latest.provenance } : {}),
      };
    },
  };
}
export type LiveDefaultsState = ReturnType<typeof liveDefaultsState>;
