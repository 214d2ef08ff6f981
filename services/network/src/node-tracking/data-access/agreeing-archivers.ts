import type { Redis } from '@shm/platform/redis';
import type { AgreeingArchivers } from '../ports';

/**
 * The archivers that signed the last poll's final cycle, in one Redis key: the network's poll writes
 * it, the node tracker (its own process) reads node lists from those archivers only.
 */
export function agreeingArchivers(redis: Redis, prefix: string): AgreeingArchivers {
  const key = `${prefix}archivers:agreeing`;
  return {
    async set(urls) {
      await redis.set(key, JSON.stringify(urls));
    },
    async get() {
      const stored = await redis.get(key);
      return stored === null ? undefined : new Set(JSON.parse(stored) as string[]);
    },
  };
}
