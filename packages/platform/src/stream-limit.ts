import type { ServerResponse } from 'node:http';
import { ErrorCode } from '@shm/contracts';
import { AppError } from './app-error';

export interface StreamLimitOptions {
  /** Open streams this process holds at most. */
  max: number;
  /** Open streams one key (a wallet) holds at most. */
  maxPerKey?: number;
  /** What a refused client is told to wait (seconds), in `Retry-After`. */
  retryAfterSeconds?: number;
}

export interface OpenStreams {
  /**
   * Counts `res` as an open stream until it closes, or throws 429 RATE_LIMITED (and sets
   * `Retry-After`) when that would pass a cap.
   */
  admit(res: ServerResponse, key?: string): void;
  readonly open: number;
  openFor(key: string): number;
}

/**
 * Caps on long-lived responses (server-sent event streams). Each holds a socket on every hop for as
 * long as it is open, so without a cap a few callers could hold them all. Counted in this process:
 * a cap per instance, released when the response closes.
 */
export function openStreams({ max, maxPerKey = Infinity, retryAfterSeconds = 10 }: StreamLimitOptions): OpenStreams {
  let open = 0;
  const perKey = new Map<string, number>();

  const refuse = (res: ServerResponse, message: string) => {
    res.setHeader('Retry-After', String(retryAfterSeconds));
    return new AppError(ErrorCode.RATE_LIMITED, 429, message);
  };

  return {
    get open() {
      return open;
    },
    openFor: (key) => perKey.get(key) ?? 0,
    admit(res, key) {
      const mine = key === undefined ? 0 : (perKey.get(key) ?? 0);
      if (key !== undefined && mine >= maxPerKey) throw refuse(res, `At most ${maxPerKey} event streams may be open at once; close one and try again`);
      if (open >= max) throw refuse(res, 'Too many event streams are open on this server; try again shortly');
      open += 1;
      if (key !== undefined) perKey.set(key, mine + 1);
      res.once('close', () => {
        open -= 1;
        if (key === undefined) return;
        const left = (perKey.get(key) ?? 1) - 1;
        if (left > 0) perKey.set(key, left);
        else perKey.delete(key);
      });
    },
  };
}
