import { randomUUID } from 'node:crypto';
import type { Redis } from '@shm/platform';
import type { RefreshLock } from '../domain/ports';

/** SET NX PX on one key: among every replica, one caller per window gets it. */
export function refreshLockRepository(redis: Redis, prefix: string): RefreshLock {
  const key = `${prefix}refresh-lock`;
  return {
    async tryAcquire(ttlMs) {
      return (await redis.set(key, randomUUID(), 'PX', ttlMs, 'NX')) === 'OK';
    },
  };
}
