import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from './logger';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_ID = /^[\w.:-]{1,128}$/;
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

declare module 'node:http' {
  interface IncomingMessage {
    /** The request id (reused from X-Request-Id when well formed), set by requestContext. */
    id?: string;
  }
}

/** Reuses a well-formed incoming request id (so one id follows a request across hops), else makes one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

export interface RequestLogOptions {
  /** A request slower than this (ms) is logged at info even when it succeeded (1000). */
  slowMs?: number;
}

/**
 * A request id on every request (`req.id`, the `X-Request-Id` reply header, and the header passed
 * on to the next hop) and one log line per finished request: 5xx at error, 4xx at warn, a success
 * slower than `slowMs` at info, any other success at debug (a client that hung up first: warn). Successes are most of the traffic: at
 * info they cost each hop about a third of its throughput (a line written per request), so they
 * are there when LOG_LEVEL=debug asks for them; counts and latencies belong to metrics.
 */
export function requestContext(logger: Logger, { slowMs = 1000 }: RequestLogOptions = {}) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (req.id !== undefined) return next(); // already done by a front that handed the request on
    const id = requestIdOf(req);
    req.id = id;
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader('X-Request-Id', id);
    if (PROBES.has(req.url ?? '')) return next();
    const started = performance.now();
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      const responseTime = Math.round(performance.now() - started);
      const status = res.statusCode;
      const finished = res.writableFinished;
      const level = status >= 500 ? 'error' : !finished || status >= 400 ? 'warn' : responseTime >= slowMs ? 'info' : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      const entry = { req: { id, method: req.method, url: req.url }, res: { statusCode: status }, responseTime };
      logger[level](entry, finished ? 'request completed' : 'request aborted before the reply was complete');
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}
