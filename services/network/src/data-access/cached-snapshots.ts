import type { NetworkData } from '@shm/contracts';
import type { SnapshotStore } from '../domain/ports';

/**
 * A read-through cache in front of the Redis snapshot: GET /api/shardeum-network is read far more
 * often than the snapshot changes (every NETWORK_POLL_MS), so each replica keeps it for `ttlMs`.
 * A replica may answer a snapshot up to `ttlMs` older than Redis; its own writes show at once.
 * A miss (no snapshot yet) is not cached, so the first poll shows as soon as it lands.
 */
export function cachedSnapshots(store: SnapshotStore, ttlMs: number, now = () => Date.now()): SnapshotStore {
  let cached: { value: NetworkData; until: number } | undefined;
  let inFlight: Promise<NetworkData | null> | undefined;
  return {
    async get() {
      if (cached && cached.until > now()) return cached.value;
      inFlight ??= store.get().finally(() => {
        inFlight = undefined;
      });
      const value = await inFlight;
      cached = value ? { value, until: now() + ttlMs } : undefined;
      return value;
    },
    async save(snapshot) {
      await store.save(snapshot);
      cached = { value: snapshot, until: now() + ttlMs };
    },
  };
}
