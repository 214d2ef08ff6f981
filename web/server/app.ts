import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import { ErrorCode, STREAM_PATHS } from '@shm/contracts';
import { AppError, apiRouteTemplate, drainUnreadBody, errorMiddleware, healthRoutes, notFoundHandler, requestContext, type Logger, type Metrics } from '@shm/platform';
import { forwardClientAddress, serviceProxy, trustProxies } from '@shm/platform/edge';
import type { WebConfig } from './config';
import { pageRenderer } from './render-page';
import { securityHeaders } from './security-headers';
import { seoRoutes } from './seo/seo-routes';
import { OG_IMAGE, type ServerEntry } from './server-entry';
import { IMMUTABLE, builtFiles, spaIndex } from './static-files';

/** The files seo/seo-routes.ts answers, labelled as themselves. */
const SEO_PATHS = new Set<string>(['/robots.txt', '/sitemap.xml', OG_IMAGE.path]);

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

export interface WebAppDeps {
  logger: Logger;
  config: WebConfig;
  /** Counted here, served on WEB_METRICS_PORT (main.ts), never on the public port. */
  metrics?: Metrics;
  /** The server render of the pages (the build's dist-ssr/); without it pages are served as the app shell. */
  entry?: ServerEntry | null;
  isShuttingDown?: () => boolean;
}

/** Under /assets, what no file answers: 405 with `Allow` for a write, else 404, in the error shape. */
const noAsset: RequestHandler = (req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    throw new AppError(ErrorCode.METHOD_NOT_ALLOWED, 405, `${req.method} is not allowed on ${req.originalUrl}`);
  }
  throw AppError.notFound(`No file ${req.originalUrl}`);
};

/**
 * The SPA container: static files with long-lived caching for hashed assets, `/api` proxied to the
 * gateway (event streams on sockets of their own), and every other path answered with its page
 * (rendered on the server when the build has the render) so the client router decides.
 */
export function createApp({ logger, config, metrics, entry, isShuttingDown = () => false }: WebAppDeps): Express {
  const shell = spaIndex(config.WEB_DIST);
  const renderer = entry
    ? pageRenderer(
        {
          dist: config.WEB_DIST,
          entry,
          gatewayUrl: config.GATEWAY_URL,
          timeoutMs: config.WEB_SSR_TIMEOUT_MS,
          cacheMs: config.WEB_SSR_CACHE_MS,
          cacheEntries: config.WEB_SSR_CACHE_ENTRIES,
          maxConcurrent: config.WEB_SSR_MAX_CONCURRENT,
          origin: config.PUBLIC_ORIGIN,
          logger,
          metrics,
        },
        shell,
      )
    : null;
  const page = renderer ?? shell;

  const app = express();
  app.disable('x-powered-by');
  // The edge trusts WEB_TRUSTED_PROXIES (none by default): req.ip is the client it judged.
  trustProxies(app, config.WEB_TRUSTED_PROXIES);
  app.use(requestContext(logger, { metrics, routeOf: webRoute }));
  app.use(securityHeaders(config.WEB_CONNECT_SRC));
  // The gateway may refuse a body (413) before it has all arrived; keep the client's connection usable.
  app.use(drainUnreadBody());
  // '/api' and '/api/docs' are also SPA pages (spec §2): a browser asking for HTML gets the app; JSON calls still reach the gateway.
  app.get(['/api', '/api/docs'], (req, res, next) => (req.accepts(['json', 'html']) === 'html' ? page(req, res, next) : next()));
  // The gateway counts rate limits per client: it gets the client this edge saw, never a client's own
  // claim. Early in the list: API calls are most of the traffic, and nothing below concerns them.
  app.use(
    '/api',
    forwardClientAddress,
    serviceProxy({
      appendForwardedFor: false,
      service: 'gateway',
      target: config.GATEWAY_URL,
      timeoutMs: config.PROXY_TIMEOUT_MS,
      maxSockets: config.PROXY_MAX_SOCKETS,
      socketWaitMs: config.PROXY_SOCKET_WAIT_MS,
      streamPaths: STREAM_PATHS,
      logger,
    }),
  );
  app.use(healthRoutes({}, isShuttingDown));
  // robots.txt, sitemap.xml and a calculator link's sharing card (docs/seo.md); the card's figures come from the page's render.
  app.use(
    seoRoutes({
      publicUrl: config.PUBLIC_ORIGIN,
      sitemapPaths: entry?.sitemapPaths ?? ['/'],
      figuresFor: renderer?.figuresFor ?? (() => Promise.resolve(null)),
      logger,
    }),
  );
  // Built files in the coding the browser takes best (br, gzip, identity; precompressed by the build).
  app.use('/assets', builtFiles(path.join(config.WEB_DIST, 'assets'), IMMUTABLE), noAsset);
  app.use(builtFiles(config.WEB_DIST));
  app.use(page);
  app.use(notFoundHandler);
  app.use(errorMiddleware(logger));
  return app;
}
