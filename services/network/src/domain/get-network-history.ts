import type { NetworkHistoryQuery, NetworkHistoryReply } from '@shm/contracts';
import type { NetworkHistoryStore } from './ports';

/** The network's history over the asked range, up to `now` (the buckets are the store's: see NetworkHistoryStore). */
export function getNetworkHistory(store: NetworkHistoryStore, query: NetworkHistoryQuery, now: Date): Promise<NetworkHistoryReply> {
  return store.read(query.range, now);
}
