import type { Redis } from '@shm/platform/redis';
import type { RateLimitStore } from '../domain/ports';

// Fixed window: the first hit starts it; the count and its expiry live in Redis, so every gateway
// instance sharing the Redis shares the count.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }`;

export function rateLimitRepository(redis: Redis, prefix: string): RateLimitStore {
  return {
    /** Counts one request for `bucket`; returns the count in the window and the ms until it resets. */
    async hit(bucket: string, windowMs: number): Promise<{ count: number; resetMs: number }> {
      const [count, resetMs] = (await redis.eval(HIT, 1, `${prefix}ratelimit:${bucket}`, windowMs)) as [number, number];
      return { count, resetMs };
    },
  };
}
