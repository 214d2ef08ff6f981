import { existsSync, readdirSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import express, { type Request, type RequestHandler } from 'express';
import Negotiator from 'negotiator';

/**
 * The SPA's files from the build (web/dist) through serve-static (express.static: Content-Type,
 * Content-Length, ETag and Last-Modified, 304, HEAD, dot files hidden), each text file in the form
 * the request takes best: the build writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside
 * it (web/build/precompress.ts), nothing is compressed per request.
 */

export type Coding = 'br' | 'gzip' | 'identity';
/** The order the server prefers codings in when the client likes them equally. */
const SERVER_ORDER: Coding[] = ['br', 'gzip', 'identity'];
const SUFFIX = { br: '.br', gzip: '.gz' } as const;

/**
 * The coding a request takes best among `available` (identity is always there), by Accept-Encoding
 * and its q-values (negotiator); equal weights go in the server's order. No Accept-Encoding: identity.
 */
export function bestCoding(req: Pick<IncomingMessage, 'headers'>, available: readonly Coding[] = SERVER_ORDER): Coding {
  const offered = SERVER_ORDER.filter((coding) => coding === 'identity' || available.includes(coding));
  return (new Negotiator(req).encoding(offered, { preferred: SERVER_ORDER }) as Coding | undefined) ?? 'identity';
}

/** Long-lived and never revalidated: the hashed files under /assets. */
export const IMMUTABLE = { maxAge: '1y', immutable: true };
/** Always revalidated (cheaply, by ETag): the pages, so a new build is picked up at once. */
const REVALIDATE = 'no-cache';

/** The compressed forms the build wrote, by the URL path of their file (`/assets/index-abc.js` → br, gzip). */
function compressedForms(root: string): Map<string, Coding[]> {
  if (!existsSync(root)) return new Map();
  const files = new Set((readdirSync(root, { recursive: true }) as string[]).map((file) => `/${file.split(path.sep).join('/')}`));
  const forms = new Map<string, Coding[]>();
  for (const coding of ['br', 'gzip'] as const) {
    for (const file of files) {
      const original = file.slice(0, -SUFFIX[coding].length);
      if (file.endsWith(SUFFIX[coding]) && files.has(original)) forms.set(original, [...(forms.get(original) ?? []), coding]);
    }
  }
  return forms;
}

/**
 * Files under `root` by request path; a path with no file goes on to the next handler. A file the
 * build compressed goes out in the coding the request takes best, with `Vary: Accept-Encoding` and
 * an ETag of that form; a compressed form is never sent by its own name. The build's files are
 * listed once, at start: a new build is a new process.
 */
export function builtFiles(root: string, options: { maxAge?: string; immutable?: boolean; cacheControl?: string } = {}): RequestHandler {
  const { cacheControl, ...caching } = options;
  const serve = express.static(root, {
    ...caching,
    index: false,
    redirect: false,
    ...(cacheControl ? { setHeaders: (res) => res.setHeader('Cache-Control', cacheControl) } : {}),
  });
  const forms = compressedForms(root);
  return (req, res, next) => {
    if (/\.(?:br|gz)$/.test(req.path)) return next();
    const available = forms.get(req.path);
    if (!available) return void serve(req, res, next);
    res.vary('Accept-Encoding');
    const coding = bestCoding(req, available);
    if (coding === 'identity') return void serve(req, res, next);
    // serve-static sends the compressed file; its type and coding are the original's.
    const original = req.url;
    res.type(path.extname(req.path));
    res.setHeader('Content-Encoding', coding);
    req.url = `${req.path}${SUFFIX[coding]}${original.slice(req.path.length)}`;
    serve(req, res, (err?: unknown) => {
      req.url = original;
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      next(err);
    });
    // serve-static has read the path it sends: the rest of the app (logs) sees the path as asked.
    req.url = original;
  };
}

const fileStat = (file: string): Promise<Stats | null> =>
  stat(file).then(
    (s) => (s.isFile() ? s : null),
    () => null,
  );

const readsOnly = (req: Request) => req.method === 'GET' || req.method === 'HEAD';

/** The app's page for every GET/HEAD that reaches it (the client router decides what it shows), revalidated on each load. */
export function spaIndex(root: string): RequestHandler {
  const base = path.resolve(root);
  const files = builtFiles(base, { cacheControl: REVALIDATE });
  return (req, res, next) => {
    if (!readsOnly(req)) return next();
    void fileStat(path.join(base, 'index.html'))
      .then((found) => {
        if (!found) return next();
        const original = req.url;
        req.url = '/index.html';
        files(req, res, (err?: unknown) => {
          req.url = original;
          next(err);
        });
        req.url = original;
      })
      .catch(next);
  };
}
