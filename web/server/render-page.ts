import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Request, RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import { SESSION_COOKIE } from '@shm/contracts';
import type { Logger, Metrics } from '@shm/platform';
import { pageAssets } from './page-assets';
import { pageDocument } from './page-document';
import type { FigureTexts, ServerEntry } from './server-entry';
import { bestCoding } from './static-files';

/** The server render of the SPA's build, or null when the build has none (the app shell is served instead). */
export async function loadRenderer(file: string, logger: Logger): Promise<ServerEntry | null> {
  if (!existsSync(file)) {
    logger.warn({ file }, 'no server render in the build: pages are served as the app shell');
    return null;
  }
  const module = (await import(pathToFileURL(file).href)) as Partial<ServerEntry>;
  if (typeof module.render !== 'function' || !module.sitemapPaths || !module.pageModules) throw new Error(`${file} is not a server render (render, sitemapPaths, pageModules)`);
  return module as ServerEntry;
}

export interface PageRendererOptions {
  /** The SPA's build (index.html, .vite/manifest.json, assets/). */
  dist: string;
  entry: ServerEntry;
  /** Where the render's API calls go (the gateway). */
  gatewayUrl: string;
  /** How long a render waits for the API before it renders with what has arrived. */
  timeoutMs: number;
  /** A page rendered with every answer is reused for this long per address (0: never). */
  cacheMs: number;
  cacheEntries: number;
  /** Renders at once; past this a page is served as the app shell (the browser renders it, as before server rendering). */
  maxConcurrent: number;
  /** The site's public origin (PUBLIC_ORIGIN). */
  origin: string;
  logger: Logger;
  metrics?: Metrics;
}

interface Page {
  etag: string;
  bodies: { identity: Buffer; br: Buffer; gzip: Buffer };
}

type FiguresFor = (search: string) => Promise<FigureTexts | null>;

const readsOnly = (req: Request) => req.method === 'GET' || req.method === 'HEAD';
const hasSession = (req: Request) => (req.headers.cookie ?? '').split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));

/**
 * The app's pages rendered on the server (src/entry-server.tsx): the first HTML already holds the
 * page for its address (the calculator's results for the inputs in a shared link, the network's
 * last snapshot), so a phone paints it before any script runs, and the browser then takes it over.
 * A signed-in visitor (session cookie: a wallet, perhaps a paid session, lives in that browser), a
 * render that fails, or too many at once get the app shell (`shell`), which the browser renders as before.
 * Pages rendered with every answer are kept `cacheMs` per address, compressed.
 */
export function pageRenderer(options: PageRendererOptions, shell: RequestHandler): (RequestHandler & { figuresFor: FiguresFor }) | null {
  const { dist, entry, gatewayUrl, timeoutMs, cacheMs, cacheEntries, maxConcurrent, origin, logger, metrics } = options;
  const assetsOf = pageAssets(dist, entry.pageModules);
  if (!assetsOf) {
    logger.warn({ dist }, 'the build has no manifest: pages are served as the app shell');
    return null;
  }
  // Least recently used out first; an entry past its `cacheMs` is never returned.
  const cache = new LRUCache<string, Page>({ max: cacheEntries, ttl: cacheMs });
  let inFlight = 0;
  const renders = metrics?.counter({ name: 'web_page_renders_total', help: 'Pages asked for by a browser, by how they were answered: rendered, cached, partial (an answer the page needed failed or was late: served, not reused), shell (signed in, busy), failed', labelNames: ['outcome'] as const });
  const seconds = metrics?.histogram({ name: 'web_page_render_seconds', help: 'Time to render a page on the server, API calls included', buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5] });

  const build = async (req: Request, url: string): Promise<{ page: Page; complete: boolean }> => {
    // As the visitor (req.ip: the client the edge judged; app.ts trusts the same proxies), so rate limits count them.
    const rendered = await entry.render({ url, gatewayUrl, clientAddress: req.ip, timeoutMs, origin });
    if (rendered.failedParts) logger.warn({ url, failedParts: rendered.failedParts }, 'parts of a page failed to render on the server: the browser renders them');
    const html = Buffer.from(pageDocument(rendered, assetsOf(rendered.modules)));
    const page: Page = {
      etag: `W/"${createHash('sha1').update(html).digest('base64url').slice(0, 22)}"`,
      bodies: {
        identity: html,
        br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }),
        gzip: gzipSync(html, { level: 6 }),
      },
    };
    return { page, complete: rendered.complete };
  };

  const handler: RequestHandler = (req, res, next) => {
    if (!readsOnly(req)) return next();
    if (hasSession(req) || inFlight >= maxConcurrent) {
      renders?.inc({ outcome: 'shell' });
      return shell(req, res, next);
    }
    const url = req.originalUrl;
    const fresh = cache.get(url);
    const started = process.hrtime.bigint();
    inFlight += fresh ? 0 : 1;
    void (fresh ? Promise.resolve({ page: fresh, complete: true }) : build(req, url))
      .then(({ page, complete }) => {
        if (!fresh) {
          seconds?.observe({}, Number(process.hrtime.bigint() - started) / 1e9);
          if (complete && cacheMs > 0) cache.set(url, page);
        }
        renders?.inc({ outcome: fresh ? 'cached' : complete ? 'rendered' : 'partial' });
        const coding = bestCoding(req);
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding, Cookie');
        res.setHeader('ETag', page.etag);
        const ifNoneMatch = req.headers['if-none-match'];
        if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === page.etag || tag.trim() === '*')) return void res.status(304).end();
        if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
        const body = page.bodies[coding];
        res.setHeader('Content-Length', String(body.length));
        res.end(req.method === 'HEAD' ? undefined : body);
      })
      .catch((err: unknown) => {
        renders?.inc({ outcome: 'failed' });
        logger.error({ err, url }, 'page render failed: serving the app shell');
        shell(req, res, next);
      })
      .finally(() => {
        inFlight -= fresh ? 0 : 1;
      });
  };

  // The calculator's figures for a link (its sharing card, seo/seo-routes.ts): the page's own render.
  const figuresFor: FiguresFor = async (search) => {
    if (inFlight >= maxConcurrent) return null;
    inFlight += 1;
    try {
      return (await entry.render({ url: `/${search}`, gatewayUrl, timeoutMs, origin })).figures;
    } finally {
      inFlight -= 1;
    }
  };
  return Object.assign(handler, { figuresFor });
}
