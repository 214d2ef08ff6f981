import { DEFAULT_FEATURE_FLAGS, FEATURE_FLAG_NAMES, type FeatureFlagName, type FeatureFlags } from '@shm/contracts';
import type { Redis } from '@shm/platform/redis';
import type { FlagStore } from '../domain/ports';

/** The flags as a Redis hash (durable with AOF); a flag never written is off. */
export function flagsRepository(redis: Redis, prefix: string): FlagStore {
  const key = `${prefix}feature-flags`;
  return {
    async read(): Promise<FeatureFlags> {
      const stored = await redis.hgetall(key);
      const flags = { ...DEFAULT_FEATURE_FLAGS };
      for (const name of FEATURE_FLAG_NAMES) if (name in stored) flags[name] = stored[name] === '1';
      return flags;
    },
    async write(name: FeatureFlagName, enabled: boolean): Promise<void> {
      await redis.hset(key, name, enabled ? '1' : '0');
    },
  };
}
