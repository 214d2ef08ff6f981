import type { RequestHandler } from 'express';
import { ErrorCode, type EndpointDefinition } from '@shm/contracts';
import { AppError } from '@shm/platform';

const patternOf = (path: string) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`);

/**
 * A path of the API with a method it does not declare (PUT on a POST route, TRACE anywhere) answers
 * 405 with an `Allow` header listing what it does take, as HTTP says, instead of 404 from a service.
 */
export function methodNotAllowed(endpoints: EndpointDefinition[]): RequestHandler {
  const routes = endpoints.map((e) => ({ pattern: patternOf(e.path), method: e.method }));
  return (req, res, next) => {
    if (req.method === 'OPTIONS' || !req.path.startsWith('/api/')) return next();
    const allowed = new Set(routes.filter((r) => r.pattern.test(req.path)).map((r) => r.method as string));
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if (allowed.size === 0 || allowed.has(method)) return next();
    if (allowed.has('GET')) allowed.add('HEAD');
    res.setHeader('Allow', [...allowed].sort().join(', '));
    throw new AppError(ErrorCode.METHOD_NOT_ALLOWED, 405, `${req.method} is not allowed on ${req.path}`);
  };
}
