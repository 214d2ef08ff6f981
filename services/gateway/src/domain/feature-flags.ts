import type { FeatureFlagName, FeatureFlags } from '@shm/contracts';
import type { FlagEvents, FlagStore } from './ports';

/** Reads and changes the feature flags; every change is published as a `flags.changed` event. */
export function featureFlags(store: FlagStore, events: FlagEvents) {
  return {
    read: () => store.read(),
    async set(name: FeatureFlagName, enabled: boolean): Promise<FeatureFlags> {
      await store.write(name, enabled);
      const flags = await store.read();
      await events.changed(flags, new Date());
      return flags;
    },
  };
}
export type FeatureFlagsService = ReturnType<typeof featureFlags>;
