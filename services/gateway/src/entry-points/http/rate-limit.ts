import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { ErrorCode } from '@shm/contracts';
import { AppError, type Logger } from '@shm/platform';
import type { RateLimitStore } from '../../domain/ports';
import { callerOf } from './caller';

export interface RateLimitPolicy {
  limit: number;
  windowSeconds: number;
}

/** express-rate-limit's counts kept in the gateway's Redis (the port), so every replica shares them. */
export function sharedCounts(counts: RateLimitStore): Store {
  let windowMs = 0;
  return {
    localKeys: false,
    init: (options) => void (windowMs = options.windowMs),
    async increment(key) {
      const { count, resetMs } = await counts.hit(key, windowMs);
      // A whole number of seconds from now: the RateLimit header and Retry-After, each worked out
      // from the clock a moment apart, then name the same second.
      return { totalHits: count, resetTime: new Date(Date.now() + Math.max(1, Math.ceil(resetMs / 1000)) * 1000) };
    },
    // The library calls these only for skipFailedRequests/skipSuccessfulRequests and a reset by
    // hand, which these limits never use.
    decrement: () => Promise.resolve(),
    resetKey: () => Promise.resolve(),
  };
}

/**
 * One address, one count (`ipKeyGenerator` without its IPv6 /56 grouping, which would put every
 * caller of the test and load tools, each a random address in one /56, in one bucket).
 */
const addressOf = (req: Request) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? '', false);

/**
 * A fixed-window limit counted in Redis. Headers of the IETF RateLimit draft 7:
 * `RateLimit-Policy: 20;w=900` and `RateLimit: limit=20, remaining=N, reset=S`; a refused request
 * also gets `Retry-After: S` and 429 RATE_LIMITED in the error shape. `keyOf` names who is counted.
 */
function limit(counts: RateLimitStore, policy: RateLimitPolicy, keyOf: (req: Request, res: Response) => string, message: string, logger: Logger): RequestHandler {
  return rateLimit({
    windowMs: policy.windowSeconds * 1000,
    limit: policy.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    store: sharedCounts(counts),
    keyGenerator: keyOf,
    handler: (_req, _res, next) => next(new AppError(ErrorCode.RATE_LIMITED, 429, message)),
    logger,
  });
}

/** Spec §9: every /api/admin route, 20 requests per 15 minutes per IP. */
export const adminRateLimit = (counts: RateLimitStore, policy: RateLimitPolicy, logger: Logger) =>
  limit(counts, policy, (req) => `admin:${addressOf(req)}`, 'Too many admin requests, please try again later.', logger);

/** Sign-in writes a nonce per call: counted per IP, so no one can fill Redis with them. */
export const signInRateLimit = (counts: RateLimitStore, policy: RateLimitPolicy, logger: Logger) =>
  limit(counts, policy, (req) => `sign-in:${addressOf(req)}`, 'Too many sign-in attempts, please try again later.', logger);

/** Payment calls write sessions and queue chain checks: counted per signed-in wallet (per IP without one). */
export const paymentRateLimit = (counts: RateLimitStore, policy: RateLimitPolicy, logger: Logger) =>
  limit(
    counts,
    policy,
    (req, res) => {
      const wallet = callerOf(res).session?.wallet;
      return wallet ? `payment:wallet:${wallet}` : `payment:ip:${addressOf(req)}`;
    },
    'Too many payment requests, please try again later.',
    logger,
  );
