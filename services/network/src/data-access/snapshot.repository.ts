import { NetworkDataSchema } from '@shm/contracts';
import type { Redis } from '@shm/platform/redis';
import type { SnapshotStore } from '../domain/ports';

/** The latest network snapshot, one JSON value in Redis (`<prefix>snapshot`). */
export function snapshotRepository(redis: Redis, prefix: string): SnapshotStore {
  const key = `${prefix}snapshot`;
  return {
    async get() {
      const raw = await redis.get(key);
      if (!raw) return null;
      const parsed = NetworkDataSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    },
    async save(snapshot) {
      await redis.set(key, JSON.stringify(NetworkDataSchema.parse(snapshot)));
    },
  };
}
