import type { EventPayload } from '@shm/contracts';
import type { Logger, Metrics } from '@shm/platform';
import { consumeEvents, type Redis } from '@shm/platform/redis';
import type { NotifyOutcome } from '../../domain/notify-node-changes';

/**
 * One consumer group for every alerts replica: each event is handled by one of them. The name is the
 * one it had while alerts ran in the dashboard, so the group's place in the stream carries over.
 */
export const ALERTS_GROUP = 'dashboard-alerts';

/** A stream entry id is `<ms>-<seq>`: when the event was published. */
const publishedAt = (streamId: string) => new Date(Number(streamId.split('-')[0]));

/**
 * Follows `nodes.changed` and hands each event to the notify use case. A handler that fails is
 * retried (then parked in the dead-letter stream); an event whose consumer died unacknowledged is
 * reclaimed by another replica; the use case is idempotent, so neither sends anything twice.
 */
export function consumeNodeChanges(
  redis: Redis,
  notify: (event: EventPayload<'nodes.changed'>, publishedAt: Date) => Promise<NotifyOutcome>,
  options: { consumer: string; logger: Logger; metrics?: Metrics; blockMs?: number },
): Promise<{ stop(): Promise<void> }> {
  const { consumer, logger, metrics, blockMs } = options;
  return consumeEvents(redis, {
    group: ALERTS_GROUP,
    consumer,
    logger,
    metrics,
    blockMs,
    handlers: {
      'nodes.changed': async (event, id) => {
        const outcome = await notify(event, publishedAt(id));
        if (outcome.notifications || outcome.deliveries) logger.info({ cycle: event.cycle, ...outcome }, 'node changes notified');
      },
    },
  });
}
