import type { FeatureFlagName, FeatureFlags } from '@shm/contracts';
import { publishEvent, type Redis } from '@shm/platform';
import type { FlagsRepository } from '../data-access/flags.repository';

/** Reads and changes the feature flags; every change is published as a `flags.changed` event. */
export function featureFlags(repository: FlagsRepository, redis: Redis) {
  return {
    read: () => repository.read(),
    async set(name: FeatureFlagName, enabled: boolean): Promise<FeatureFlags> {
      await repository.write(name, enabled);
      const flags = await repository.read();
      await publishEvent(redis, 'flags.changed', { flags, at: new Date().toISOString() });
      return flags;
    },
  };
}
export type FeatureFlagsService = ReturnType<typeof featureFlags>;
