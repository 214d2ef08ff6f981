import type { Logger, Metrics } from '@shm/platform';
import { consumeEvents, newestEvent, type Redis } from '@shm/platform/redis';
import type { LiveDefaultsState } from '../../domain/live-defaults';

/** Reads the newest snapshot once, then follows `network.updated` events into the live defaults. */
export async function followNetworkUpdates(
  redis: Redis,
  state: LiveDefaultsState,
  { group, logger, blockMs, metrics }: { group: string; logger: Logger; blockMs?: number; metrics?: Metrics },
) {
  const latest = await newestEvent(redis, 'network.updated');
  if (latest) state.apply(latest.payload.network, latest.id);
  return consumeEvents(redis, {
    group,
    consumer: group,
    logger,
    blockMs,
    metrics,
    handlers: { 'network.updated': ({ network }, id) => state.apply(network, id) },
  });
}
