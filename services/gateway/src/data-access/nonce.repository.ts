import type { Redis } from '@shm/platform/redis';
import type { NonceKind, NonceStore } from '../domain/ports';

// Compare-and-delete in one step, so two requests racing with the same nonce cannot both win.
const CONSUME = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/** Single-use nonces with a TTL. The stored value binds the nonce to what it was issued for. */
export function nonceRepository(redis: Redis, prefix: string): NonceStore {
  const key = (kind: NonceKind, nonce: string) => `${prefix}nonce:${kind}:${nonce}`;
  return {
    async save(kind: NonceKind, nonce: string, value: string, ttlSeconds: number): Promise<void> {
      await redis.set(key(kind, nonce), value, 'EX', ttlSeconds, 'NX');
    },
    /** True exactly once: when the nonce exists, still holds `value`, and is deleted by this call. */
    async consume(kind: NonceKind, nonce: string, value: string): Promise<boolean> {
      return (await redis.eval(CONSUME, 1, key(kind, nonce), value)) === 1;
    },
  };
}
