import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Request, RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import { SESSION_COOKIE } from '@shm/contracts';
import type { Logger, Metrics } from '@shm/platform';
import type { CalculatorFigures } from './seo/figures';
import { bestCoding, pageFile } from './static-files';

/** What src/entry-server.tsx exports (built into dist-ssr/ by `npm run build -w web`). */
export interface RenderedPage {
  html: string;
  state: { queries: unknown[]; deferred: string[] };
  figures: CalculatorFigures | null;
  /** False when the page lacks an answer it read (failed or late) or a part: served, never reused. */
  complete: boolean;
  failedParts: number;
}
export type RenderFn = (options: { url: string; apiOrigin: string; apiHeaders?: Record<string, string>; timeoutMs: number; origin: string }) => Promise<RenderedPage>;

/** The server render of the SPA's build, or null when the build has none (the app shell is served instead). */
export async function loadRenderer(file: string, logger: Logger): Promise<RenderFn | null> {
  if (!existsSync(file)) {
    logger.warn({ file }, 'no server render in the build: pages are served as the app shell');
    return null;
  }
  const module = (await import(pathToFileURL(file).href)) as { render?: RenderFn };
  if (typeof module.render !== 'function') throw new Error(`${file} exports no render()`);
  return module.render;
}

export interface PageRendererOptions {
  /** The SPA's build (index.html, pages/*.html). */
  dist: string;
  render: RenderFn;
  /** Where the render's API calls go (the gateway). */
  apiOrigin: string;
  /** How long a render waits for the API before it renders with what has arrived. */
  timeoutMs: number;
  /** A page rendered with every answer is reused for this long per address (0: never). */
  cacheMs: number;
  cacheEntries: number;
  /** Renders at once; past this a page is served as the app shell (the browser renders it, as before server rendering). */
  maxConcurrent: number;
  /** The site's public origin (PUBLIC_ORIGIN). */
  origin: string;
  /** The page's <head> tags (title, description, canonical, sharing cards) for its address and figures. */
  head: (url: URL, figures: CalculatorFigures | null) => string;
  logger: Logger;
  metrics?: Metrics;
}

interface Page {
  etag: string;
  bodies: { identity: Buffer; br: Buffer; gzip: Buffer };
}

/** What the build lists for pages the server renders (web/build/deferred-parts.ts): the boot script, and each deferred part's code and stylesheets. */
interface ServerPageAssets {
  boot?: string;
  parts: Record<string, { js: string[]; css: string[] }>;
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*? href="([^"]+\.css)"[^>]*>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>/g;
const ENTRY_SCRIPT = /<script type="module"([^>]*?) src="([^"]+)"><\/script>/;

/**
 * A page the server rendered, shaped so that its first paint needs no request but the page itself:
 * - the build page's stylesheets inline (each a render-blocking request otherwise), and those of the
 *   deferred parts it was rendered with (so nothing moves when their code arrives);
 * - the app's code fetched only once the page is painted: the page starts with the build's boot
 *   script (web/build/boot.js), which then imports the entry and preloads the code the page
 *   preloaded and the rendered parts' code; the page is whole without it, so that code never
 *   competes with the page, its styles and fonts. A build without the boot script keeps its entry,
 *   the parts' code preloaded beside it.
 * `template` is the build page (index.html or pages/<path>.html); files it loads are not repeated.
 */
export function pageAssets(dist: string) {
  const listFile = path.join(dist, 'deferred-parts.json');
  const assets: ServerPageAssets = existsSync(listFile) ? (JSON.parse(readFileSync(listFile, 'utf8')) as ServerPageAssets) : { parts: {} };
  const styles = new Map<string, string>();
  const style = (file: string) => {
    if (!styles.has(file)) styles.set(file, readFileSync(path.join(dist, file), 'utf8').replace(/<\/style/gi, '<\\/style'));
    return styles.get(file) as string;
  };
  return (template: string, parts: readonly string[]): { template: string; head: string } => {
    const js = new Set<string>();
    const css = new Set<string>();
    for (const part of parts) {
      assets.parts[part]?.js.forEach((file) => js.add(file));
      assets.parts[part]?.css.forEach((file) => css.add(file));
    }
    const missing = (file: string) => !template.includes(`"${file}"`);
    const inline = [...css].filter(missing).map(style).join('\n');
    const partStyles = inline ? `<style>${inline}</style>` : '';
    let page = template.replace(STYLESHEET_LINK, (_link, file: string) => `<style>${style(file)}</style>`);
    if (!assets.boot || !ENTRY_SCRIPT.test(page)) {
      const preloads = [...js].filter(missing).map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
      return { template: page, head: [...preloads, partStyles].filter(Boolean).join('\n    ') };
    }
    const preload = [...page.matchAll(MODULE_PRELOAD)].map((m) => m[1] as string);
    page = page.replace(MODULE_PRELOAD, '');
    const later = [...new Set([...preload, ...[...js].filter(missing)])].join(' ');
    page = page.replace(ENTRY_SCRIPT, (_script, attributes: string, entry: string) => `<script type="module"${attributes} src="${assets.boot}" data-app-entry="${entry}" data-preload="${later}"></script>`);
    return { template: page, head: partStyles };
  };
}

type FiguresFor = (search: string) => Promise<CalculatorFigures | null>;

/** `<` and the two line separators JSON allows but a script element does not: the state cannot end its element early. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The build's page with the rendered app, its state for hydration, and its own head tags (which replace its title and description). */
export function fillTemplate(template: string, page: Pick<RenderedPage, 'html' | 'state'>, head: string): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error('the page template has no empty #root');
  return template
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[^>]*>/, '')
    .replace(/\s*<\/head>/, (end) => `\n    ${head}${end}`)
    .replace(root, () => `<div id="root">${page.html}</div><script type="application/json" id="ssr-state">${scriptJson(page.state)}</script>`);
}

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
export function pageRenderer(options: PageRendererOptions, shell: RequestHandler): RequestHandler & { figuresFor: FiguresFor } {
  const { dist, render, apiOrigin, timeoutMs, cacheMs, cacheEntries, maxConcurrent, origin, head, logger, metrics } = options;
  // Least recently used out first; an entry past its `cacheMs` is never returned.
  const cache = new LRUCache<string, Page>({ max: cacheEntries, ttl: cacheMs });
  const serverPage = pageAssets(dist);
  let inFlight = 0;
  const renders = metrics?.counter({ name: 'web_page_renders_total', help: 'Pages asked for by a browser, by how they were answered: rendered, cached, partial (an answer the page needed failed or was late: served, not reused), shell (signed in, busy), failed', labelNames: ['outcome'] as const });
  const seconds = metrics?.histogram({ name: 'web_page_render_seconds', help: 'Time to render a page on the server, API calls included', buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5] });

  const build = async (req: Request, url: string): Promise<{ page: Page; complete: boolean }> => {
    const file = await pageFile(dist, req.path);
    if (!file) throw new Error('no index.html in the build');
    const [template, rendered] = await Promise.all([
      readFile(file, 'utf8'),
      // As the visitor (req.ip: the client the edge judged; app.ts trusts the same proxies), so rate limits count them.
      render({ url, apiOrigin, apiHeaders: { 'x-forwarded-for': req.ip ?? '' }, timeoutMs, origin }),
    ]);
    if (rendered.failedParts) logger.warn({ url, failedParts: rendered.failedParts }, 'parts of a page failed to render on the server: the browser renders them');
    const shaped = serverPage(template, rendered.state.deferred);
    const tags = [head(new URL(url, 'http://page'), rendered.figures), shaped.head].filter(Boolean).join('\n    ');
    const html = Buffer.from(fillTemplate(shaped.template, rendered, tags));
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
      return (await render({ url: `/${search}`, apiOrigin, timeoutMs, origin })).figures;
    } finally {
      inFlight -= 1;
    }
  };
  return Object.assign(handler, { figuresFor });
}
