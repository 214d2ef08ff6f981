import http from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { ErrorCode } from '@shm/contracts';
import { AppError } from './app-error';
import { errorReply } from './error-middleware';
import type { Logger } from './logger';
import { REQUEST_ID_HEADER } from './request-context';

export interface ProxyOptions {
  prefix: string;
  service: string;
  target: string;
  timeoutMs: number;
  logger: Logger;
}

/** Forwards a path prefix to a service, keeping the path; an unreachable, failing or slow (past timeoutMs) service answers 502 in the error shape. */
export function serviceProxy({ prefix, service, target, timeoutMs, logger }: ProxyOptions): RequestHandler {
  // Without a keep-alive agent every proxied request opens and closes a socket on both hops.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  return createProxyMiddleware<http.IncomingMessage, http.ServerResponse>({
    target,
    agent,
    pathFilter: (path) => path === prefix || path.startsWith(`${prefix}/`),
    proxyTimeout: timeoutMs,
    xfwd: true,
    on: {
      error: (err, req, res) => {
        const requestId = String(req.headers[REQUEST_ID_HEADER] ?? '');
        logger.error({ err, service, requestId }, 'upstream failed');
        if (!(res instanceof http.ServerResponse)) return void (res as Socket).destroy();
        if (res.headersSent) return void res.end();
        const appError = new AppError(ErrorCode.UPSTREAM_UNAVAILABLE, 502, `The ${service} service is unavailable`);
        res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(errorReply(appError, requestId || undefined)));
      },
    },
  }) as unknown as RequestHandler;
}
