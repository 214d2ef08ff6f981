import { publishEvent, type Redis } from '@shm/platform/redis';
import type { FlagEvents } from '../domain/ports';

/** `flags.changed` on its Redis stream: calc, the dashboard and the web follow it. */
export function flagEvents(redis: Redis): FlagEvents {
  return {
    async changed(flags, at) {
      await publishEvent(redis, 'flags.changed', { flags, at: at.toISOString() });
    },
  };
}
