import http from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware, type Plugin } from 'http-proxy-middleware';
import { ErrorCode } from '@shm/contracts';
import { AppError } from './app-error';
import { errorReply } from './error-middleware';
import type { Logger } from './logger';
import { upstreamGate } from './upstream-gate';

export interface ProxyOptions {
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

function reply(res: http.ServerResponse, req: http.IncomingMessage, status: number, error: AppError, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(errorReply(error, req.id)));
}

/** Headers that describe one connection (RFC 9110 §7.6.1), not the request or reply they came with. */
const HOP_HEADERS = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

/**
 * http-proxy forwards the client's hop-by-hop headers: a client's `Connection: close` would close
 * the upstream keep-alive socket after every request, and drop an early reply while a body is sent.
 */
function dropHopByHopHeaders(req: http.IncomingMessage): void {
  const named = (req.headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name && name !== 'close' && name !== 'keep-alive');
  // Headers are a dictionary: removing an entry by its name is the point.
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
  for (const name of ['connection', 'keep-alive', 'proxy-connection', ...named]) delete req.headers[name];
}

/**
 * What http-proxy leaves to its user: 502 in the error shape, the reply's hop-by-hop headers, and
 * the upstream request and reply of a client that is gone.
 */
function edgePlugin(service: string, logger: Logger): Plugin {
  return (proxy) => {
    proxy.on('error', (err, req, res) => {
      if (!(res instanceof http.ServerResponse) || res.writableEnded || res.destroyed) return;
      logger.error({ err, service, requestId: req.id }, 'upstream failed');
      if (res.headersSent) return void res.destroy();
      reply(res, req, 502, new AppError(ErrorCode.UPSTREAM_UNAVAILABLE, 502, `The ${service} service is unavailable`));
    });
    proxy.on('proxyReq', (proxyReq, req, res) => {
      res.once('close', () => {
        // The client left, or the reply is out before the body was all sent (the service answered
        // early): that request can never finish, so free its upstream socket (an open event
        // stream's too); drainUnreadBody reads the rest of the client's body.
        if (!proxyReq.writableFinished || !res.writableFinished) {
          req.unpipe(proxyReq);
          proxyReq.destroy();
        }
      });
    });
    proxy.on('proxyRes', (proxyRes, _req, res) => {
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a dictionary of headers, as above
      for (const name of HOP_HEADERS) delete proxyRes.headers[name];
      // http-proxy would set `Connection: keep-alive` on every reply, overriding node's own choice
      // (a client's `close`, a server draining for shutdown): state that choice instead.
      proxyRes.headers.connection = res.shouldKeepAlive ? 'keep-alive' : 'close';
      // An upstream that dies mid-reply: cut the client's reply too rather than leave it hanging.
      proxyRes.once('error', () => res.destroy());
    });
  };
}

/** One http-proxy-middleware instance on `agent`: the path as the client sent it, the reply as the service gave it. */
function proxyOn(options: ProxyOptions, agent: http.Agent) {
  const { protocol, hostname, port } = new URL(options.target);
  return createProxyMiddleware({
    // Its parts, parsed once: http-proxy parses a string target again on every request.
    target: { protocol, host: hostname, port },
    agent,
    proxyTimeout: options.timeoutMs,
    xfwd: options.appendForwardedFor ?? true,
    // No logger plugin (a line per request costs throughput; requestContext logs), no default error
    // page, no WebSocket: edgePlugin does what this edge needs.
    ejectPlugins: true,
    plugins: [edgePlugin(options.service, options.logger)],
  });
}

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

/**
 * Forwards requests to a service (mount it under the service's prefixes), keeping the path.
 * Ordinary requests share one keep-alive agent behind a gate: at most `maxSockets` in flight, and
 * one that cannot start within `socketWaitMs` gets 503 UPSTREAM_UNAVAILABLE rather than a place in
 * an endless queue (upstream-gate.ts says why the agent cannot do this). Event streams
 * (`streamPaths`) hold their socket for as long as they are open, so they go through an agent of
 * their own and never take a socket an ordinary request is waiting for. A service that is down,
 * or silent past `timeoutMs`, answers 502 in the error shape.
 */
export function serviceProxy(options: ProxyOptions): RequestHandler {
  const { service, maxSockets = 256, socketWaitMs = 5_000, streamPaths = [] } = options;
  // Without a keep-alive agent every proxied request opens and closes a socket on both hops.
  const ordinary = proxyOn(options, new http.Agent({ keepAlive: true, maxFreeSockets: maxSockets }));
  const streams = proxyOn(options, new http.Agent({ keepAlive: true }));
  const gate = upstreamGate(maxSockets, socketWaitMs);

  const busy = (req: Request, res: Response) => {
    options.logger.warn({ service, requestId: req.id, waitedMs: socketWaitMs, inFlight: gate.active }, 'no upstream socket free in time');
    const error = new AppError(ErrorCode.UPSTREAM_UNAVAILABLE, 503, `The ${service} service is busy; try again shortly`);
    reply(res, req, 503, error, { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) });
  };
  const forward = (req: Request, res: Response, next: NextFunction, release: () => void) => {
    res.once('close', release);
    void ordinary(req, res, next);
  };

  return (req, res, next) => {
    dropHopByHopHeaders(req);
    // Mounted under a prefix, express strips it from req.url: the service gets the whole path.
    req.url = req.originalUrl;
    if (streamPaths.includes(pathOf(req.url))) return void streams(req, res, next);
    // A free slot at once, the common case: no waiting machinery.
    const free = gate.tryTake();
    if (free) return forward(req, res, next, free);
    const gone = new AbortController();
    const leave = () => gone.abort();
    res.once('close', leave);
    void gate.acquire(gone.signal).then((release) => {
      res.off('close', leave);
      if (res.destroyed) return release?.();
      if (!release) return busy(req, res);
      forward(req, res, next, release);
    });
  };
}
