import http from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { ErrorCode } from '@shm/contracts';
import { AppError } from './app-error';
import { errorReply } from './error-middleware';
import type { Logger } from './logger';
import { REQUEST_ID_HEADER } from './request-context';
import { upstreamGate } from './upstream-gate';

export interface ProxyOptions {
  /** The path prefix (or prefixes) this proxy owns: a path equal to one, or under it. */
  prefix: string | readonly string[];
  service: string;
  target: string;
  timeoutMs: number;
  logger: Logger;
  /** Ordinary requests in flight to the target at once, which is its sockets at most (256). */
  maxSockets?: number;
  /** How long a request waits for one of those sockets before it gets a 503 (5 s). */
  socketWaitMs?: number;
  /** Paths that answer with a long-lived stream (server-sent events); they get sockets of their own. */
  streamPaths?: readonly string[];
  /**
   * Append this hop's peer to X-Forwarded-For (true, the default). The public edge passes false and
   * writes the header itself with the client it judged (`forwardClientAddress`).
   */
  appendForwardedFor?: boolean;
}

const BUSY_RETRY_AFTER_SECONDS = 1;

function reply(res: http.ServerResponse, requestId: string, status: number, error: AppError, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(errorReply(error, requestId || undefined)));
}

const requestIdOf = (req: http.IncomingMessage) => String(req.headers[REQUEST_ID_HEADER] ?? '');

/**
 * Hop-by-hop headers describe the client's connection to this process, not ours to the upstream
 * (RFC 9110 §7.6.1), and http-proxy forwards them: a client's `Connection: close` would close the
 * upstream keep-alive socket after every request, and drop an early reply while a body is still sent.
 */
function dropHopByHopHeaders(req: http.IncomingMessage): void {
  const named = String(req.headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name && name !== 'close' && name !== 'keep-alive');
  for (const name of ['connection', 'keep-alive', 'proxy-connection', ...named]) delete req.headers[name];
}

/** One http-proxy-middleware on one agent; an unreachable, failing or slow (past timeoutMs) service answers 502 in the error shape. */
function forwardTo({ service, target, timeoutMs, logger, appendForwardedFor = true }: ProxyOptions, agent: http.Agent): RequestHandler {
  return createProxyMiddleware<http.IncomingMessage, http.ServerResponse>({
    target,
    agent,
    proxyTimeout: timeoutMs,
    xfwd: appendForwardedFor,
    on: {
      proxyReq: (proxyReq, req, res) => {
        // The reply is out before the body was all sent (the service answered early): that request
        // can never finish, so free its upstream socket; drainUnreadBody reads the rest of the body.
        res.once('finish', () => {
          if (proxyReq.writableFinished) return;
          req.unpipe(proxyReq);
          proxyReq.destroy();
        });
      },
      error: (err, req, res) => {
        const requestId = requestIdOf(req);
        logger.error({ err, service, requestId }, 'upstream failed');
        if (!(res instanceof http.ServerResponse)) return void (res as Socket).destroy();
        if (res.headersSent) return void res.end();
        reply(res, requestId, 502, new AppError(ErrorCode.UPSTREAM_UNAVAILABLE, 502, `The ${service} service is unavailable`));
      },
    },
  }) as unknown as RequestHandler;
}

/**
 * Forwards the paths under `prefix` to a service, keeping the path. Ordinary requests share one
 * keep-alive agent behind a gate: at most `maxSockets` in flight, and one that cannot start within
 * `socketWaitMs` gets 503 UPSTREAM_UNAVAILABLE rather than a place in an endless queue. Event
 * streams (`streamPaths`) hold their socket for as long as they are open, so they go through an
 * agent of their own and never take a socket an ordinary request is waiting for.
 */
export function serviceProxy(options: ProxyOptions): RequestHandler {
  const { service, maxSockets = 256, socketWaitMs = 5_000, streamPaths = [] } = options;
  const prefixes = typeof options.prefix === 'string' ? [options.prefix] : options.prefix;
  const owns = (path: string) => prefixes.some((p) => path === p || path.startsWith(`${p}/`));
  // Without a keep-alive agent every proxied request opens and closes a socket on both hops.
  // The gate, not the agent, bounds the ordinary sockets: the agent's own queue has no time limit.
  const ordinary = forwardTo(options, new http.Agent({ keepAlive: true, maxFreeSockets: maxSockets }));
  const streams = forwardTo(options, new http.Agent({ keepAlive: true }));
  const gate = upstreamGate(maxSockets, socketWaitMs);

  return async (req, res, next) => {
    if (!owns(req.path)) return next();
    dropHopByHopHeaders(req);
    if (streamPaths.includes(req.path)) return streams(req, res, next);
    const gone = new AbortController();
    const leave = () => gone.abort();
    res.once('close', leave);
    const release = await gate.acquire(gone.signal);
    res.off('close', leave);
    if (res.destroyed) return release?.();
    if (!release) {
      const requestId = requestIdOf(req);
      options.logger.warn({ service, requestId, waitedMs: socketWaitMs, inFlight: gate.active }, 'no upstream socket free in time');
      const busy = new AppError(ErrorCode.UPSTREAM_UNAVAILABLE, 503, `The ${service} service is busy; try again shortly`);
      return reply(res, requestId, 503, busy, { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) });
    }
    res.once('close', release);
    ordinary(req, res, next);
  };
}
