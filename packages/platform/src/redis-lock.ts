import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@shm/contracts';
import { AppError } from './app-error';
import type { Logger } from './logger';
import type { Redis } from './redis';

/** Deletes the key only if it still holds our token, so a lock that expired and was taken is never freed by us. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
/** Extends the key's lease only if it still holds our token: 1 when renewed, 0 when the lock is no longer ours. */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export interface LockOptions {
  /**
   * How long the lock outlives a holder that stopped renewing it (its process died or stalled). While
   * the work runs the lease is renewed every third of it, so the work itself may take longer.
   */
  leaseMs?: number;
  /** How long a caller waits for the lock before giving up with 503. */
  waitMs?: number;
  /** Renewal stops after this long even if the work still runs (a hung holder cannot keep the key for ever). */
  maxHoldMs?: number;
}

const busy = () => new AppError(ErrorCode.SERVICE_UNAVAILABLE, 503, 'Busy with another change; try again shortly');
const lost = () => new AppError(ErrorCode.SERVICE_UNAVAILABLE, 503, 'Another change may have run at the same time; reload and try again');

/**
 * Runs `work` while holding a Redis lock on `key` (SET NX PX, released by its owner only), so every
 * replica serialises the same key's read-modify-write steps. Waits with jittered retries, then 503.
 *
 * While `work` runs a watchdog renews the lease (PEXPIRE, only while the key still holds our token)
 * every `leaseMs / 3`; it stops when the work ends, so a holder that dies frees the lock at most one
 * lease later. If a renewal finds the key no longer ours, or none succeeded for a whole lease (Redis
 * unreachable, the process stalled), or `maxHoldMs` passed, the lock counts as lost: `signal` aborts
 * (work may check it before its next write) and, once the work ends, the call rejects with 503
 * SERVICE_UNAVAILABLE instead of returning its result (the work's own error wins if it threw).
 */
export async function withRedisLock<T>(
  redis: Redis,
  key: string,
  work: (signal: AbortSignal) => Promise<T>,
  { leaseMs = 10_000, waitMs = 10_000, maxHoldMs = 60_000 }: LockOptions = {},
): Promise<T> {
  const token = randomUUID();
  const deadline = Date.now() + waitMs;
  let delay = 5;
  let sentAt = Date.now();
  while ((await redis.set(key, token, 'PX', leaseMs, 'NX')) !== 'OK') {
    if (Date.now() > deadline) throw busy();
    await new Promise((r) => setTimeout(r, delay + Math.random() * delay));
    delay = Math.min(delay * 2, 100);
    sentAt = Date.now();
  }

  const acquiredAt = sentAt;
  // The key is ours until `confirmedAt + leaseMs` at the latest (measured from when the command was sent).
  let confirmedAt = sentAt;
  const controller = new AbortController();
  const loseLock = () => controller.abort(lost());
  let timer: NodeJS.Timeout | undefined;
  let renewing: Promise<void> = Promise.resolve();
  let running = true;

  const renew = async () => {
    if (!running || controller.signal.aborted) return;
    const now = Date.now();
    if (now - acquiredAt >= maxHoldMs || now - confirmedAt >= leaseMs) return loseLock();
    try {
      const renewed = await redis.eval(RENEW, 1, key, token, String(leaseMs));
      if (renewed === 1) confirmedAt = now;
      else return loseLock();
    } catch {
      // Redis did not answer: try again at the next tick; a whole lease without an answer counts as lost.
      if (Date.now() - confirmedAt >= leaseMs) return loseLock();
    }
    schedule();
  };
  const schedule = () => {
    if (running) timer = setTimeout(() => void (renewing = renew()), Math.max(1, Math.floor(leaseMs / 3)));
  };
  schedule();

  try {
    const result = await work(controller.signal);
    running = false;
    clearTimeout(timer);
    await renewing;
    // Also lost if the process stalled for a lease and no renewal ran meanwhile.
    if (controller.signal.aborted || Date.now() - confirmedAt >= leaseMs) throw lost();
    return result;
  } finally {
    running = false;
    clearTimeout(timer);
    await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
  }
}

const notWritten = () => new AppError(ErrorCode.SERVICE_UNAVAILABLE, 503, 'Another change may have run at the same time; this one was not made: try again');

/** One lock per key (a wallet): `held` aborts when the lock is lost while the work runs. */
export interface KeyedLock {
  run<T>(key: string, work: (held: AbortSignal) => Promise<T>): Promise<T>;
}

/**
 * A `withRedisLock` per key (`<prefix>lock:<key>`), shared by every replica of a service, for changes
 * whose last write is their record. `withRedisLock` answers 503 for any work during which the lock
 * was lost; here only a work that stopped at its check of `held` does: a work that returned has
 * written its change, so its result is the reply (a 503 would make the client's retry write it twice).
 */
export function keyedLock(redis: Redis, prefix: string, options: Pick<LockOptions, 'leaseMs' | 'waitMs'> = {}, logger?: Logger): KeyedLock {
  return {
    async run<T>(key: string, work: (held: AbortSignal) => Promise<T>): Promise<T> {
      let held: AbortSignal | undefined;
      let done: { result: T } | undefined;
      try {
        return await withRedisLock(
          redis,
          `${prefix}lock:${key}`,
          async (signal) => {
            held = signal;
            done = { result: await work(signal) };
            return done.result;
          },
          options,
        );
      } catch (err) {
        if (done) {
          logger?.warn({ key }, 'the lock was lost while a change ran; its write was made, so it is answered');
          return done.result;
        }
        throw held?.aborted && err === held.reason ? notWritten() : err;
      }
    },
  };
}
