import { withRedisLock, type Redis } from '@shm/platform';
import type { WalletLock } from '../domain/ports';

/** One short Redis lock per wallet, shared by every dashboard replica. */
export function walletLock(redis: Redis, prefix: string, options: { leaseMs?: number; waitMs?: number } = {}): WalletLock {
  return { run: (wallet, work) => withRedisLock(redis, `${prefix}lock:${wallet}`, work, options) };
}
