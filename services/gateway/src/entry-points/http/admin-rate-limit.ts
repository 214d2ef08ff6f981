import type { RequestHandler } from 'express';
import { ErrorCode } from '@shm/contracts';
import { AppError } from '@shm/platform';
import type { RateLimitRepository } from '../../data-access/rate-limit.repository';

/**
 * Spec §9: every /api/admin route, 20 requests per 15 minutes per IP, counted in Redis. Headers follow
 * the IETF RateLimit draft (draft-7 style): `RateLimit-Policy: 20;w=900` and
 * `RateLimit: limit=20, remaining=N, reset=S`; a refused request also gets `Retry-After: S`.
 */
export function adminRateLimit(repository: RateLimitRepository, { limit, windowSeconds }: { limit: number; windowSeconds: number }): RequestHandler {
  return async (req, res, next) => {
    const { count, resetMs } = await repository.hit(`admin:${req.ip ?? 'unknown'}`, windowSeconds * 1000);
    const reset = Math.max(1, Math.ceil(resetMs / 1000));
    res.setHeader('RateLimit-Policy', `${limit};w=${windowSeconds}`);
    res.setHeader('RateLimit', `limit=${limit}, remaining=${Math.max(0, limit - count)}, reset=${reset}`);
    if (count > limit) {
      res.setHeader('Retry-After', String(reset));
      throw new AppError(ErrorCode.RATE_LIMITED, 429, 'Too many admin requests, please try again later.');
    }
    next();
  };
}
