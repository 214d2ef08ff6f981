import type { RequestHandler } from 'express';
import { API_PREFIX, ErrorCode, type Route } from '@shm/contracts';
import { AppError, routeMatcher } from '@shm/platform';

/**
 * A path of the API with a method it does not declare (PUT on a POST route, TRACE anywhere) answers
 * 405 with an `Allow` header listing what it does take, as HTTP says, instead of 404 from a service.
 * Our own: express's router answers only the routes it serves, and the proxied ones live elsewhere.
 */
export function methodNotAllowed(routes: readonly Route[]): RequestHandler {
  const matching = routeMatcher(routes);
  // The methods of a path, worked out once per path (bounded: a flood of distinct ids starts over).
  const known = new Map<string, Set<string>>();
  const methodsOf = (path: string) => {
    let allowed = known.get(path);
    if (allowed) return allowed;
    allowed = new Set(matching(path).map((r) => r.method as string));
    if (known.size >= 1000) known.clear();
    known.set(path, allowed);
    return allowed;
  };
  return (req, res, next) => {
    const { path } = req;
    if (req.method === 'OPTIONS' || !path.startsWith(API_PREFIX)) return next();
    const allowed = methodsOf(path);
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if (allowed.size === 0 || allowed.has(method)) return next();
    res.setHeader('Allow', [...allowed, ...(allowed.has('GET') ? ['HEAD'] : [])].sort().join(', '));
    throw new AppError(ErrorCode.METHOD_NOT_ALLOWED, 405, `${req.method} is not allowed on ${path}`);
  };
}
