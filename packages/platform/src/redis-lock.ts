import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@shm/contracts';
import { AppError } from './app-error';
import type { Redis } from './redis';

/** Deletes the key only if it still holds our token, so a lock that expired and was taken is never freed by us. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface LockOptions {
  /** The lock frees itself after this long even if its holder dies. */
  leaseMs?: number;
  /** How long a caller waits for the lock before giving up with 503. */
  waitMs?: number;
}

/**
 * Runs `work` while holding a short Redis lock on `key` (SET NX PX, released by its owner only), so
 * every replica serialises the same key's read-modify-write steps. Waits with jittered retries.
 */
export async function withRedisLock<T>(redis: Redis, key: string, work: () => Promise<T>, { leaseMs = 10_000, waitMs = 10_000 }: LockOptions = {}): Promise<T> {
  const token = randomUUID();
  const deadline = Date.now() + waitMs;
  let delay = 5;
  while ((await redis.set(key, token, 'PX', leaseMs, 'NX')) !== 'OK') {
    if (Date.now() > deadline) throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 503, 'Busy with another change; try again shortly');
    await new Promise((r) => setTimeout(r, delay + Math.random() * delay));
    delay = Math.min(delay * 2, 100);
  }
  try {
    return await work();
  } finally {
    await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
  }
}
