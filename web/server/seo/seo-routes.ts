import { Router, type Request, type Response } from 'express';
import type { Logger } from '@shm/platform';
import { OG_IMAGE, type FigureTexts } from '../server-entry';
import { renderOgImage } from './og-image';

export interface SeoRoutesOptions {
  /** The site's public origin (PUBLIC_ORIGIN): the absolute addresses in robots.txt and sitemap.xml. */
  publicUrl: string;
  /** The public pages' paths (the server render's `sitemapPaths`). */
  sitemapPaths: readonly string[];
  /**
   * The figures the calculator page shows for a link with this query (`?…`, as the link has it: the
   * page drops what it refuses), or null when it shows none (no calculator inputs, the payment gate
   * on, the calculation unavailable).
   */
  figuresFor: (search: string) => Promise<FigureTexts | null>;
  /** Where a failed figuresFor is reported (the card falls back to the generic one either way). */
  logger?: Logger;
}

/** The card may change with the network; crawlers fetch it once per share anyway. */
export const OG_IMAGE_CACHE = 'public, max-age=300';
const TEXT_CACHE = 'public, max-age=3600';

/**
 * Everything may be crawled but the API (its documentation page excepted) and the admin page. The
 * share card stays allowed: the social networks' crawlers read robots.txt too.
 */
export function robotsTxt(publicUrl: string): string {
  const origin = new URL(publicUrl).origin;
  // Allow first: crawlers that take the first matching rule (not the longest) still reach /api/docs.
  return ['User-agent: *', 'Allow: /api/docs$', 'Disallow: /api/', 'Disallow: /shm/admin', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** The public pages (their routes declare them, src/app/routes.tsx) under their canonical addresses. */
export function sitemapXml(publicUrl: string, paths: readonly string[]): string {
  const origin = new URL(publicUrl).origin;
  const urls = paths.map((p) => `  <url><loc>${escapeXml(`${origin}${p}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/** The query of the request as it came (`?…`, or '' when there is none). */
const searchOf = (req: Request) => {
  const at = req.originalUrl.indexOf('?');
  return at === -1 ? '' : req.originalUrl.slice(at);
};

/**
 * GET and HEAD of /robots.txt, /sitemap.xml and the share card /og/calculator.png?<calculator
 * inputs>. The card never fails for what a link holds: invalid inputs are dropped as the page drops
 * them, and a link without inputs, figures that are not there (null) or a figuresFor that fails all
 * give the generic card.
 */
export function seoRoutes({ publicUrl, sitemapPaths, figuresFor, logger }: SeoRoutesOptions): Router {
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl, sitemapPaths);
  const router = Router();

  router.get('/robots.txt', (_req: Request, res: Response) => {
    res.type('text/plain; charset=utf-8').set('Cache-Control', TEXT_CACHE).send(robots);
  });
  router.get('/sitemap.xml', (_req: Request, res: Response) => {
    res.type('application/xml; charset=utf-8').set('Cache-Control', TEXT_CACHE).send(sitemap);
  });
  router.get(OG_IMAGE.path, async (req: Request, res: Response) => {
    const search = searchOf(req);
    let figures: FigureTexts | null = null;
    if (search) {
      try {
        figures = await figuresFor(search);
      } catch (err) {
        logger?.warn({ err, reqId: req.id, search }, 'share card: no figures for the link, the generic card is sent');
      }
    }
    const png = await renderOgImage(figures);
    res.type('image/png').set('Cache-Control', OG_IMAGE_CACHE).send(png);
  });
  return router;
}
