import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import { acceptedCodings, type Coding } from './content-encoding';

/**
 * The SPA's files from the build (web/dist), each text file in the form the request takes best:
 * the build writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside it (web/build/precompress.ts),
 * nothing is compressed per request. Replies carry Content-Type, Content-Length, Content-Encoding
 * when compressed, `Vary: Accept-Encoding` on every file that has compressed forms, a weak ETag per
 * file and coding (If-None-Match → 304) and Last-Modified. HEAD gets the headers alone.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
};
const COMPRESSED = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Files up to this size are read whole and sent in one write (every file of the build today); larger ones are streamed. */
const IN_ONE_WRITE = 1024 * 1024;
const SUFFIX: Record<Exclude<Coding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

/** Long-lived and never revalidated: the hashed files under /assets. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Always revalidated (cheaply, by ETag): index.html, so a new build is picked up at once. */
export const REVALIDATE = 'no-cache';
/** What express.static sent for other files of the build (none today besides index.html). */
const DEFAULT_CACHE = 'public, max-age=0';

const fileStat = (file: string): Promise<Stats | null> =>
  stat(file).then(
    (s) => (s.isFile() ? s : null),
    () => null,
  );

/** `urlPath` (already without the mount path) as a file under `root`, or null for anything outside it, hidden or malformed. */
export function resolveUnder(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.join(root, path.normalize(`/${decoded}`));
  if (!file.startsWith(root + path.sep)) return null;
  // Dot files stay hidden (as express.static's default), and the compressed forms are only sent in place of their file.
  if (path.relative(root, file).split(path.sep).some((part) => part.startsWith('.')) || /\.(?:br|gz)$/.test(file)) return null;
  return file;
}

/** Sends `file` (whose stats are `original`) in the best coding the request takes and the build has; 304 and HEAD too. */
async function sendFile(req: Request, res: Response, file: string, original: Stats, cacheControl: string): Promise<void> {
  const compressible = COMPRESSED.test(file);
  let coding: Coding = 'identity';
  let sent = { path: file, stats: original };
  if (compressible) {
    for (const candidate of acceptedCodings(req.headers['accept-encoding'])) {
      if (candidate === 'identity') break;
      const variant = `${file}${SUFFIX[candidate]}`;
      const stats = await fileStat(variant);
      if (stats) {
        coding = candidate;
        sent = { path: variant, stats };
        break;
      }
    }
    res.setHeader('Vary', 'Accept-Encoding');
  }
  const etag = `W/"${sent.stats.size.toString(16)}-${Math.floor(original.mtimeMs).toString(16)}${coding === 'identity' ? '' : `-${coding}`}"`;
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', original.mtime.toUTCString());
  if (notModified(req, etag, original)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
  if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
  if (req.method === 'HEAD') {
    res.setHeader('Content-Length', String(sent.stats.size));
    res.end();
    return;
  }
  if (sent.stats.size <= IN_ONE_WRITE) {
    // Headers and body in one write, and the reply is complete at once (a keep-alive connection is
    // idle again as soon as the client has it).
    const body = await readFile(sent.path);
    res.setHeader('Content-Length', String(body.length));
    res.end(body);
    return;
  }
  res.setHeader('Content-Length', String(sent.stats.size));
  await new Promise<void>((resolve) => {
    const stream = createReadStream(sent.path);
    stream.once('error', (err) => {
      // Gone between stat and read (a rebuild): the headers are out, so only the connection can say so.
      res.destroy(err);
      resolve();
    });
    res.once('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(res);
  });
}

/** If-None-Match (a weak comparison, `*` too) decides when present; otherwise If-Modified-Since. */
function notModified(req: Request, etag: string, original: Stats): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
  }
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(original.mtimeMs / 1000) * 1000 <= since;
}

const readsOnly = (req: Request) => req.method === 'GET' || req.method === 'HEAD';

/**
 * Files under `root` by request path (mounted at /assets: the hashed build output). A path with no
 * file falls through to the next handler, or with `fallthrough: false` is answered 404 (and
 * anything but GET/HEAD 405), as express.static did.
 */
export function staticFiles(root: string, { cacheControl = DEFAULT_CACHE, fallthrough = true } = {}): RequestHandler {
  const base = path.resolve(root);
  return (req, res, next) => {
    if (!readsOnly(req)) {
      if (fallthrough) return next();
      res.setHeader('Allow', 'GET, HEAD');
      return void res.status(405).type('text/plain').send('Method Not Allowed');
    }
    const file = resolveUnder(base, req.path);
    void (file ? fileStat(file) : Promise.resolve(null))
      .then((stats) => {
        if (file && stats) return sendFile(req, res, file, stats, cacheControl);
        if (fallthrough) return next();
        res.status(404).type('text/plain').send('Not Found');
      })
      .catch(next);
  };
}

/**
 * The build's page for a path: `pages/<path>.html` when the build made one (a lazily loaded route,
 * whose code that copy also preloads; web/build/route-pages.ts), else index.html; null when neither is there.
 */
export async function pageFile(root: string, urlPath: string): Promise<string | null> {
  const base = path.resolve(root);
  const route = urlPath.replace(/\/+$/, '');
  const page = route ? resolveUnder(base, `pages${route}.html`) : null;
  if (page && (await fileStat(page))) return page;
  const index = path.join(base, 'index.html');
  return (await fileStat(index)) ? index : null;
}

/** The app's page for every GET/HEAD that reaches it (the client router decides what it shows), revalidated on each load. */
export function spaIndex(root: string): RequestHandler {
  return (req, res, next) => {
    if (!readsOnly(req)) return next();
    void pageFile(root, req.path)
      .then(async (file) => {
        const stats = file ? await fileStat(file) : null;
        return file && stats ? sendFile(req, res, file, stats, REVALIDATE) : next();
      })
      .catch(next);
  };
}
