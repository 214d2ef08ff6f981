import type { EventPayload } from '@shm/contracts';
import { eventHandler } from '@shm/platform/jobs';
import type { NotifyOutcome } from '../../domain/notify-node-changes';
import { ALERTS_GROUP } from './node-changes.consumer';

const publishedAt = (streamId: string) => new Date(Number(streamId.split('-')[0]));

/** `network.changed` into the notify use case, in the alerts' one consumer group (each event handled by one replica; the use case is idempotent). */
export const networkChangeHandler = (notify: (event: EventPayload<'network.changed'>, publishedAt: Date) => Promise<NotifyOutcome>) =>
  eventHandler({
    event: 'network.changed',
    group: ALERTS_GROUP,
    run: async (event, { id, log }) => {
      const outcome = await notify(event, publishedAt(id));
      if (outcome.deliveries) log.info({ change: event.change.id, ...outcome }, 'network change notified');
    },
  });
