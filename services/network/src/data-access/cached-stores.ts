import type { NetworkData } from '@shm/contracts';
import type { PriceStore, SnapshotStore, StoredPrice } from '../domain/ports';

/**
 * One value read through from a store and kept for `ttlMs`; concurrent misses share one read. A
 * miss (nothing stored yet) is not kept, so the first write shows as soon as it lands.
 */
function readThrough<T>(load: () => Promise<T | null>, ttlMs: number, now: () => number) {
  let cached: { value: T; until: number } | undefined;
  let inFlight: Promise<T | null> | undefined;
  return {
    // An arrow property, not a method: the stores hand it on unbound (`get: cache.get`).
    get: async (): Promise<T | null> => {
      if (cached && cached.until > now()) return cached.value;
      inFlight ??= load().finally(() => {
        inFlight = undefined;
      });
      const value = await inFlight;
      cached = value ? { value, until: now() + ttlMs } : undefined;
      return value;
    },
    keep(value: T) {
      cached = { value, until: now() + ttlMs };
    },
    forget() {
      cached = undefined;
    },
  };
}

/**
 * The Redis snapshot behind a read-through cache: GET /api/shardeum-network is read far more often
 * than the snapshot changes (every NETWORK_POLL_MS), so each replica keeps it for `ttlMs`. A
 * replica may answer a snapshot up to `ttlMs` older than Redis; its own writes show at once.
 */
export function cachedSnapshots(store: SnapshotStore, ttlMs: number, now = () => Date.now()): SnapshotStore {
  const cache = readThrough<NetworkData>(() => store.get(), ttlMs, now);
  return {
    get: cache.get,
    async save(snapshot) {
      await store.save(snapshot);
      cache.keep(snapshot);
    },
  };
}

/**
 * The Redis price the same way (GET /api/shm-price). Staleness is judged from `fetchedAt` on every
 * answer, so a kept price turns stale on time; marking it stale drops the kept copy.
 */
export function cachedPrices(store: PriceStore, ttlMs: number, now = () => Date.now()): PriceStore {
  const cache = readThrough<StoredPrice>(() => store.get(), ttlMs, now);
  return {
    get: cache.get,
    async save(price) {
      await store.save(price);
      cache.keep(price);
    },
    async markStale() {
      await store.markStale();
      cache.forget();
    },
  };
}
