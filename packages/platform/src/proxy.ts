import http from 'node:http';
import type { RequestHandler } from 'express';
import { ErrorCode } from '@shm/contracts';
import { AppError } from './app-error';
import { errorReply } from './error-middleware';
import type { Logger } from './logger';
import { pathOf } from './node-chain';
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

/** Headers of the upstream's reply that describe its connection to this process, not the client's to us. */
const REPLY_HOP_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function forwardedHeaders(req: http.IncomingMessage, appendForwardedFor: boolean): http.OutgoingHttpHeaders {
  if (!appendForwardedFor) return req.headers;
  const add = (name: string, value: string) => {
    const before = req.headers[name];
    return before ? `${String(before)},${value}` : value;
  };
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  return {
    ...req.headers,
    'x-forwarded-for': add('x-forwarded-for', req.socket.remoteAddress ?? ''),
    'x-forwarded-port': add('x-forwarded-port', String(req.socket.localPort ?? '')),
    'x-forwarded-proto': add('x-forwarded-proto', encrypted ? 'https' : 'http'),
  };
}

/**
 * A keep-alive pipe to one service on one agent: the request (path, headers, body) goes on as it
 * came, the reply comes back as it is, streamed both ways. An unreachable or failing service, or
 * one silent past timeoutMs, answers 502 in the error shape.
 */
function forwardTo({ service, target, timeoutMs, logger, appendForwardedFor = true }: ProxyOptions, agent: http.Agent) {
  const { hostname, port } = new URL(target);
  return (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const upstream = http.request({
      agent,
      host: hostname,
      port,
      method: req.method,
      path: req.url,
      headers: forwardedHeaders(req, appendForwardedFor),
      timeout: timeoutMs,
    });
    const fail = (err: Error) => {
      const requestId = requestIdOf(req);
      logger.error({ err, service, requestId }, 'upstream failed');
      if (res.headersSent) return void res.destroy();
      reply(res, requestId, 502, new AppError(ErrorCode.UPSTREAM_UNAVAILABLE, 502, `The ${service} service is unavailable`));
    };
    upstream.on('timeout', () => upstream.destroy(new Error(`no answer from ${service} within ${timeoutMs} ms`)));
    let clientGone = false;
    upstream.on('error', (err) => {
      if (!clientGone && !res.writableEnded) fail(err);
    });
    upstream.on('response', (answer) => {
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!REPLY_HOP_HEADERS.has(name)) headers[name] = value;
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    res.once('close', () => {
      clientGone = !res.writableFinished;
      // The client left, or the reply is out before the body was all sent (the service answered
      // early): that request can never finish, so free its upstream socket; drainUnreadBody reads
      // the rest of the client's body.
      if (!upstream.writableFinished || !res.writableFinished) {
        req.unpipe(upstream);
        upstream.destroy();
      }
    });
    req.pipe(upstream);
  };
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
    const path = pathOf(req);
    if (!owns(path)) return next();
    dropHopByHopHeaders(req);
    if (streamPaths.includes(path)) return streams(req, res);
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
    ordinary(req, res);
  };
}
