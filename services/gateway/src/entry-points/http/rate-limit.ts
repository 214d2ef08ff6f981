import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { ErrorCode } from '@shm/contracts';
import { AppError } from '@shm/platform';
import type { RateLimitStore } from '../../domain/ports';
import { callerOf } from './caller';

export interface RateLimitPolicy {
  limit: number;
  windowSeconds: number;
}

/**
 * A fixed-window limit counted in Redis (every gateway replica shares the count). Headers follow the
 * IETF RateLimit draft (draft-7 style): `RateLimit-Policy: 20;w=900` and
 * `RateLimit: limit=20, remaining=N, reset=S`; a refused request also gets `Retry-After: S`.
 * `bucketOf` names who is counted (an IP, a wallet).
 */
export function rateLimit(
  repository: RateLimitStore,
  { limit, windowSeconds }: RateLimitPolicy,
  bucketOf: (req: Request, res: Response) => string,
  message: string,
): RequestHandler {
  return async (req, res, next) => {
    const { count, resetMs } = await repository.hit(bucketOf(req, res), windowSeconds * 1000);
    const reset = Math.max(1, Math.ceil(resetMs / 1000));
    res.setHeader('RateLimit-Policy', `${limit};w=${windowSeconds}`);
    res.setHeader('RateLimit', `limit=${limit}, remaining=${Math.max(0, limit - count)}, reset=${reset}`);
    if (count > limit) {
      res.setHeader('Retry-After', String(reset));
      throw new AppError(ErrorCode.RATE_LIMITED, 429, message);
    }
    next();
  };
}

/** The client address a limit counts by (`clientAddressOf` in platform: the one TRUSTED_PROXIES vouches for). */
export type ClientOf = (req: IncomingMessage) => string;

/** Spec §9: every /api/admin route, 20 requests per 15 minutes per IP. */
export const adminRateLimit = (repository: RateLimitStore, policy: RateLimitPolicy, ipOf: ClientOf) =>
  rateLimit(repository, policy, (req) => `admin:${ipOf(req)}`, 'Too many admin requests, please try again later.');

/** Sign-in writes a nonce per call: counted per IP, so no one can fill Redis with them. */
export const signInRateLimit = (repository: RateLimitStore, policy: RateLimitPolicy, ipOf: ClientOf) =>
  rateLimit(repository, policy, (req) => `sign-in:${ipOf(req)}`, 'Too many sign-in attempts, please try again later.');

/** Payment calls write sessions and queue chain checks: counted per signed-in wallet (per IP without one). */
export const paymentRateLimit = (repository: RateLimitStore, policy: RateLimitPolicy, ipOf: ClientOf) =>
  rateLimit(
    repository,
    policy,
    (req, res) => {
      const wallet = callerOf(res).session?.wallet;
      return wallet ? `payment:wallet:${wallet}` : `payment:ip:${ipOf(req)}`;
    },
    'Too many payment requests, please try again later.',
  );
