import type { Route } from '@shm/contracts';
import type { RequestHandler, Router } from 'express';

const verbs = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const;

/** Mounts handlers on a router at a route object's method and path, so no service spells a path itself. */
export function mountRoute(router: Router, route: Pick<Route, 'method' | 'path'>, ...handlers: RequestHandler[]): void {
  router[verbs[route.method]](route.path, ...handlers);
}
