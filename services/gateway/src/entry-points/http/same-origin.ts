import type { RequestHandler } from 'express';
import { ErrorCode } from '@shm/contracts';
import { AppError } from '@shm/platform';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard: a state-changing request that a browser marks as coming from
 * another site (its `Origin` is not one of ours) is refused, body-less POSTs such as logout
 * included — CORS alone lets such "simple" requests run, it only hides their replies. Requests with
 * no Origin (servers, scripts) are not browser-borne and pass; they carry no ambient cookie risk.
 */
export function sameOriginWrites(allowed: string[]): RequestHandler {
  const origins = new Set(allowed.map((o) => o.replace(/\/$/, '')));
  return (req, _res, next) => {
    const origin = req.headers.origin;
    if (SAFE.has(req.method) || origin === undefined || origins.has(origin)) return next();
    throw new AppError(ErrorCode.FORBIDDEN, 403, 'Cross-site request refused');
  };
}
