import { ErrorCode } from '@shm/contracts';
import { AppError, type Logger } from '@shm/platform';
import { withRedisLock, type LockOptions, type Redis } from '@shm/platform/redis';
import type { WalletLock } from '../domain/ports';

const notWritten = () => new AppError(ErrorCode.SERVICE_UNAVAILABLE, 503, 'Another change may have run at the same time; this one was not made: try again');

/**
 * One short Redis lock per wallet, shared by every alerts replica (the platform's `withRedisLock`:
 * renewed while the work runs, its signal aborted when it is lost). The platform answers 503 for any
 * work during which the lock was lost; here only a work that stopped at its check of `held` does: a
 * work that returned has written its change, so its result is the reply (ports.ts).
 */
export function walletLock(redis: Redis, prefix: string, options: Pick<LockOptions, 'leaseMs' | 'waitMs'> = {}, logger?: Logger): WalletLock {
  return {
    async run<T>(wallet: string, work: (held: AbortSignal) => Promise<T>): Promise<T> {
      let held: AbortSignal | undefined;
      let done: { result: T } | undefined;
      try {
        return await withRedisLock(
          redis,
          `${prefix}lock:${wallet}`,
          async (signal) => {
            held = signal;
            done = { result: await work(signal) };
            return done.result;
          },
          options,
        );
      } catch (err) {
        if (done) {
          logger?.warn({ wallet }, 'the wallet lock was lost while a change ran; its write was made, so it is answered');
          return done.result;
        }
        throw held?.aborted && err === held.reason ? notWritten() : err;
      }
    },
  };
}
