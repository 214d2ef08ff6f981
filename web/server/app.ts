import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Request, type Response } from 'express';
import { STREAM_PATHS } from '@shm/contracts';
import {
  apiRouteTemplate,
  drainUnreadBody,
  forwardClientAddress,
  healthRoutes,
  pathOf,
  requestContext,
  runChain,
  sendError,
  serviceProxy,
  trustProxies,
  type Logger,
  type Metrics,
  type NodeMiddleware,
  type ServiceApp,
} from '@shm/platform';
import type { WebConfig } from './config';
import { pageRenderer, type RenderFn } from './render-page';
import { securityHeaders } from './security-headers';
import { headTags, OG_IMAGE_PATH, pageMeta } from './seo/page-meta';
import { seoRoutes } from './seo/seo-routes';
import { IMMUTABLE, spaIndex, staticFiles } from './static-files';

/** The files seo/seo-routes.ts answers, labelled as themselves. */
const SEO_PATHS = new Set(['/robots.txt', '/sitemap.xml', OG_IMAGE_PATH]);

/**
 * The `route` label of a request here: an API call by the API registry's template (`unmatched` when
 * it names no endpoint), the two pages under /api, robots.txt, sitemap.xml and the sharing card as themselves, a built asset as `/assets/*`, and
 * any other path (the app's pages, the other files of the build) as `/*`. Never the path itself.
 */
export function webRoute(path: string): string {
  if (path === '/api' || path === '/api/docs' || SEO_PATHS.has(path)) return path;
  if (path.startsWith('/api/')) return apiRouteTemplate(path) ?? 'unmatched';
  if (path.startsWith('/assets/')) return '/assets/*';
  return '/*';
}

/**
 * The SPA container: static files with long-lived caching for hashed assets, `/api` proxied to the
 * gateway (event streams on sockets of their own), and every other path answered with index.html so
 * the client router decides. It serves no /metrics: `metrics` are served on WEB_METRICS_PORT (main.ts).
 */
export function createApp(logger: Logger, config: WebConfig, metrics?: Metrics, render?: RenderFn | null): ServiceApp {
  const context = requestContext(logger, { metrics, routeOf: webRoute });
  const headers = securityHeaders(config.WEB_CONNECT_SRC);
  // The gateway may refuse a body (413) before it has all arrived; keep the client's connection usable.
  const drain = drainUnreadBody();
  // The gateway counts rate limits per client: it gets the client this edge saw, never a client's own claim.
  const clientAddress = forwardClientAddress(config.WEB_TRUSTED_PROXIES);
  const gateway = serviceProxy({
    appendForwardedFor: false,
    prefix: '/api',
    service: 'gateway',
    target: config.GATEWAY_URL,
    timeoutMs: config.PROXY_TIMEOUT_MS,
    maxSockets: config.PROXY_MAX_SOCKETS,
    socketWaitMs: config.PROXY_SOCKET_WAIT_MS,
    streamPaths: STREAM_PATHS,
    logger,
  });

  const app = express();
  app.disable('x-powered-by');
  trustProxies(app, config.WEB_TRUSTED_PROXIES);
  app.use(context);
  app.use(headers);
  app.use(drain);
  app.use(healthRoutes({}, () => false));
  // Every page rendered on the server when the build has its render (render-page.ts), else the app shell.
  const shell = spaIndex(config.WEB_DIST);
  const renderer = render
    ? pageRenderer(
        {
          dist: config.WEB_DIST,
          render,
          apiOrigin: config.GATEWAY_URL,
          timeoutMs: config.WEB_SSR_TIMEOUT_MS,
          cacheMs: config.WEB_SSR_CACHE_MS,
          cacheEntries: config.WEB_SSR_CACHE_ENTRIES,
          maxConcurrent: config.WEB_SSR_MAX_CONCURRENT,
          origin: config.PUBLIC_ORIGIN,
          head: (url, figures) => headTags(pageMeta(url, config.PUBLIC_ORIGIN, figures)),
          logger,
          metrics,
        },
        shell,
      )
    : null;
  const page = renderer ?? shell;
  // robots.txt, sitemap.xml and a calculator link's sharing card (docs/seo.md); the card's figures come from the page's render.
  app.use(seoRoutes({ publicUrl: config.PUBLIC_ORIGIN, figuresFor: renderer?.figuresFor ?? (() => Promise.resolve(null)), logger }));
  // '/api' and '/api/docs' are also SPA pages (spec §2): a browser asking for HTML gets the app; JSON calls still reach the gateway.
  app.get(['/api', '/api/docs'], (req, res, next) => (req.accepts(['json', 'html']) === 'html' ? page(req, res, next) : next()));
  app.use('/api', clientAddress);
  app.use(gateway);
  // Built files in the coding the browser takes best (br, gzip, identity; precompressed by the build).
  app.use('/assets', staticFiles(path.join(config.WEB_DIST, 'assets'), { cacheControl: IMMUTABLE, fallthrough: false }));
  app.use(staticFiles(config.WEB_DIST));
  app.use(page);

  // The front: an API call (any path under /api/ but the page /api/docs) takes the same steps
  // without express, which would cost more than the proxying itself (node-chain.ts in platform).
  const apiCall = (req: IncomingMessage) => {
    const path = pathOf(req);
    return path.startsWith('/api/') && path !== '/api/docs';
  };
  const front = (req: IncomingMessage, res: ServerResponse) => {
    if (!apiCall(req)) {
      app(req, res);
      return;
    }
    const fail = (err: unknown) => sendError(err, req, res, logger);
    context(req, res, () => runChain([headers, drain, clientAddress] as NodeMiddleware[], req, res, () => gateway(req as Request, res as Response, () => {}), fail));
  };
  return Object.assign(front, { express: app });
}
