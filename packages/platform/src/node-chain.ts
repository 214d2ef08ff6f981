import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Middleware that needs nothing from express: node's request and response, and `next`. Express
 * accepts these as they are; `runChain` runs them without express, which costs a small service
 * about three quarters of its time per request (express 5's request setup and router, measured by
 * `npm run bench`), on the paths that carry most of the traffic.
 */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => unknown;

/** True for a promise, from this realm or another (a test sandbox's promises are not `instanceof Promise` here). */
export const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';

/** The path of a request without its query, as express's `req.path` gives it for an app-level middleware. */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/**
 * Runs `chain` in order as express would: `next()` moves on, `next(err)`, a throw or a rejected
 * promise goes to `onError`, and `done` runs after the last one calls `next()`.
 */
export function runChain(
  chain: readonly NodeMiddleware[],
  req: IncomingMessage,
  res: ServerResponse,
  done: () => void,
  onError: (err: unknown) => void,
): void {
  let at = 0;
  const next = (err?: unknown): void => {
    if (err) return onError(err);
    const middleware = chain[at++];
    if (!middleware) return done();
    try {
      const out = middleware(req, res, next);
      if (isThenable(out)) out.then(undefined, onError);
    } catch (thrown) {
      onError(thrown);
    }
  };
  next();
}

/** `middleware` for the requests whose path `applies` (pathOf); any other request goes on past it. */
export function forPaths(applies: (path: string) => boolean, middleware: NodeMiddleware): NodeMiddleware {
  return (req, res, next) => (applies(pathOf(req)) ? middleware(req, res, next) : next());
}

/**
 * Whether a path is one of `prefixes` or under one, as express's `app.use(prefix)` matches: whole
 * segments, in any letter case (express's routers answer `/API/Auth/nonce` too).
 */
export function underAny(prefixes: readonly string[]): (path: string) => boolean {
  const lower = prefixes.map((prefix) => prefix.toLowerCase());
  return (path) => {
    const asked = path.toLowerCase();
    return lower.some((prefix) => asked === prefix || asked.startsWith(`${prefix}/`));
  };
}
