import type { EventPayload } from '@shm/contracts';
import { eventHandler } from '@shm/platform/jobs';
import type { NotifyOutcome } from '../../domain/notify-node-changes';

/**
 * One consumer group for every alerts replica: each event is handled by one of them. The name is the
 * one it had while alerts ran in the dashboard, so the group's place in the stream carries over.
 */
export const ALERTS_GROUP = 'dashboard-alerts';

/** A stream entry id is `<ms>-<seq>`: when the event was published. */
const publishedAt = (streamId: string) => new Date(Number(streamId.split('-')[0]));

/**
 * `nodes.changed` into the notify use case. A handler that fails is retried (then parked in the
 * dead-letter stream); an event whose consumer died unacknowledged is reclaimed by another replica;
 * the use case is idempotent, so neither sends anything twice.
 */
export const nodeChangesHandler = (notify: (event: EventPayload<'nodes.changed'>, publishedAt: Date) => Promise<NotifyOutcome>) =>
  eventHandler({
    event: 'nodes.changed',
    group: ALERTS_GROUP,
    run: async (event, { id, log }) => {
      const outcome = await notify(event, publishedAt(id));
      if (outcome.notifications || outcome.deliveries) log.info({ cycle: event.cycle, ...outcome }, 'node changes notified');
    },
  });
