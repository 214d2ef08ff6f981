import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from './logger';

export type { Redis };

/**
 * `client`: request paths and producers — fail fast (one retry, commands are not queued while
 * disconnected) so a caller gets an error instead of a hang.
 * `worker`: BullMQ workers and event consumers — retry forever and never give up a command.
 */
export function createRedis(url: string, role: 'client' | 'worker', logger?: Logger, extra: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    connectTimeout: 3000,
    ...(role === 'client'
      ? { maxRetriesPerRequest: 1, enableOfflineQueue: true }
      : { maxRetriesPerRequest: null, enableOfflineQueue: true }),
    retryStrategy: (times) => Math.min(times * 200, 2000),
    ...extra,
  });
  redis.on('error', (err) => logger?.warn({ err: err.message, role }, 'redis error'));
  return redis;
}

/** Readiness check: Redis answers PING. */
export const redisReady = (redis: Redis) => async () => {
  await redis.ping();
};
