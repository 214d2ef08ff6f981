import { PaymentStatusSchema } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import type { Redis } from '@shm/platform/redis';
import type { StatusHub, StatusListener, StatusPublisher } from '../domain/ports';

const channelOf = (prefix: string, wallet: string) => `${prefix}status:${wallet}`;

/**
 * Status changes go out on Redis pub/sub, so every payments replica can tell its own SSE clients.
 * Best effort by design: a stream that misses one re-reads the status when it reconnects.
 */
export function statusPublisher(redis: Redis, prefix: string, logger: Logger): StatusPublisher {
  return {
    async publish(status) {
      try {
        await redis.publish(channelOf(prefix, status.wallet), JSON.stringify(status));
      } catch (err) {
        logger.warn({ err: (err as Error).message, wallet: status.wallet }, 'could not publish a payment status');
      }
    },
  };
}


/** One subscriber connection per process, fanning each wallet's statuses out to its open streams. */
export async function statusHub(subscriber: Redis, prefix: string, logger: Logger): Promise<StatusHub> {
  const listeners = new Map<string, Set<StatusListener>>();
  subscriber.on('pmessage', (_pattern: string, channel: string, message: string) => {
    const wallet = channel.slice(channelOf(prefix, '').length);
    let data: unknown = null;
    try {
      data = JSON.parse(message);
    } catch {
      // reported below
    }
    const parsed = PaymentStatusSchema.safeParse(data);
    if (!parsed.success) {
      logger.warn({ channel }, 'malformed payment status message');
      return;
    }
    for (const listener of listeners.get(wallet) ?? []) listener(parsed.data);
  });
  await subscriber.psubscribe(channelOf(prefix, '*'));
  return {
    subscribe(wallet, listener) {
      const set = listeners.get(wallet) ?? new Set();
      set.add(listener);
      listeners.set(wallet, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(wallet);
      };
    },
    close() {
      listeners.clear();
      subscriber.disconnect();
      return Promise.resolve();
    },
  };
}
