import path from 'node:path';
import express, { type Express } from 'express';
import { STREAM_PATHS } from '@shm/contracts';
import { drainUnreadBody, forwardClientAddress, healthRoutes, requestContext, serviceProxy, trustProxies, type Logger } from '@shm/platform';
import type { WebConfig } from './config';
import { securityHeaders } from './security-headers';

/**
 * The SPA container: static files with long-lived caching for hashed assets, `/api` proxied to the
 * gateway (event streams on sockets of their own), and every other path answered with index.html so
 * the client router decides.
 */
export function createApp(logger: Logger, config: WebConfig): Express {
  const app = express();
  app.disable('x-powered-by');
  trustProxies(app, config.WEB_TRUSTED_PROXIES);
  app.use(requestContext(logger));
  app.use(securityHeaders(config.WEB_CONNECT_SRC));
  // The gateway may refuse a body (413) before it has all arrived; keep the client's connection usable.
  app.use(drainUnreadBody());
  app.use(healthRoutes({}, () => false));
  // '/api' and '/api/docs' are also SPA pages (spec §2): a browser asking for HTML gets the app; JSON calls still reach the gateway.
  app.get(['/api', '/api/docs'], (req, res, next) => {
    if (req.accepts(['json', 'html']) !== 'html') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(config.WEB_DIST, 'index.html'));
  });
  // The gateway counts rate limits per client: it gets the client this edge saw, never a client's own claim.
  app.use('/api', forwardClientAddress);
  app.use(
    serviceProxy({
      appendForwardedFor: false,
      prefix: '/api',
      service: 'gateway',
      target: config.GATEWAY_URL,
      timeoutMs: config.PROXY_TIMEOUT_MS,
      maxSockets: config.PROXY_MAX_SOCKETS,
      socketWaitMs: config.PROXY_SOCKET_WAIT_MS,
      streamPaths: STREAM_PATHS,
      logger,
    }),
  );
  app.use(
    '/assets',
    express.static(path.join(config.WEB_DIST, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  app.use(express.static(config.WEB_DIST, { index: false }));
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(config.WEB_DIST, 'index.html'));
  });
  return app;
}
