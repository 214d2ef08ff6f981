import express from 'express';
import { listen, type RunningServer } from '@shm/platform';
import type { FigureTexts } from '../server-entry';
import { renderOgImage } from './og-image';
import { seoRoutes } from './seo-routes';
import { figuresOf } from './test-figures';

const SITE = 'https://calc.example.org';

describe('seoRoutes', () => {
  let server: RunningServer;
  let figuresFor: jest.Mock<Promise<FigureTexts | null>, [string]>;
  beforeAll(async () => {
    figuresFor = jest.fn<Promise<FigureTexts | null>, [string]>();
    const app = express();
    app.use(seoRoutes({ publicUrl: SITE, sitemapPaths: ['/', '/network', '/methodology', '/api/docs'], figuresFor: (search) => figuresFor(search) }));
    // What the web server answers for every other path: the app's page.
    app.use((_req, res) => res.type('html').send('<!doctype html><div id="root"></div>'));
    server = await listen(app, 0);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    figuresFor.mockReset();
  });

  const get = (p: string, init?: RequestInit) => fetch(`${server.url}${p}`, init);

  describe('/robots.txt', () => {
    it('when a crawler asks, then it gets plain text: all allowed but the API (its docs excepted) and the admin page, and the sitemap', async () => {
      const res = await get('/robots.txt');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      const lines = (await res.text()).split('\n');
      expect(lines[0]).toBe('User-agent: *');
      expect(lines).toEqual(expect.arrayContaining(['Allow: /api/docs$', 'Disallow: /api/', 'Disallow: /shm/admin', `Sitemap: ${SITE}/sitemap.xml`]));
      // Crawlers that take the first rule that matches must meet the exception first.
      expect(lines.indexOf('Allow: /api/docs$')).toBeLessThan(lines.indexOf('Disallow: /api/'));
      // Nothing keeps the share card from the social networks' crawlers, nor the pages from anyone.
      expect(lines.filter((l) => l.startsWith('Disallow:'))).toEqual(['Disallow: /api/', 'Disallow: /shm/admin']);
    });

    it('when it is asked for with HEAD, then the same headers come without a body', async () => {
      const res = await get('/robots.txt', { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(Number(res.headers.get('content-length'))).toBeGreaterThan(50);
      expect(await res.text()).toBe('');
    });
  });

  describe('/sitemap.xml', () => {
    it('when a crawler asks, then it lists the public pages by absolute address, and not the admin page', async () => {
      const res = await get('/sitemap.xml');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const xml = await res.text();
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
      const locs = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><\/url>/g)].map((m) => m[1]);
      expect(locs).toEqual([`${SITE}/`, `${SITE}/network`, `${SITE}/methodology`, `${SITE}/api/docs`]);
    });
  });

  describe('/og/calculator.png', () => {
    const PNG = '89504e470d0a1a0a';

    it('when a calculator link\'s query comes, then it goes to figuresFor (the page reads it) and the card of those figures comes back, cacheable for 5 minutes', async () => {
      figuresFor.mockResolvedValue(figuresOf());
      const res = await get('/og/calculator.png?totalNodes=300&shmPrice=0.2&cur=eur&utm_source=chat');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      expect(res.headers.get('etag')).toMatch(/^W\/"/);
      const png = Buffer.from(await res.arrayBuffer());
      expect(png.subarray(0, 8).toString('hex')).toBe(PNG);
      expect(png.equals(await renderOgImage(figuresOf()))).toBe(true);
      // As the link has it: the page's render reads it as the page does (web/src/entry-server.tsx).
      expect(figuresFor).toHaveBeenCalledWith('?totalNodes=300&shmPrice=0.2&cur=eur&utm_source=chat');
    });

    it('when the query is malformed, then the card still comes', async () => {
      figuresFor.mockResolvedValue(figuresOf());
      const res = await get('/og/calculator.png?totalNodes=abc&standbyNodes=-5&shmPrice=1e999&rewardPerHour=12&%E0%A4%A=1');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    });

    it('when figuresFor fails, then the generic card comes, not an error', async () => {
      figuresFor.mockRejectedValue(new Error('calc is down'));
      const res = await get('/og/calculator.png?totalNodes=300');
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(await renderOgImage(null))).toBe(true);
    });

    it('when there are no figures for the link (payment gate on), then the generic card comes', async () => {
      figuresFor.mockResolvedValue(null);
      const res = await get('/og/calculator.png?totalNodes=300');
      expect(Buffer.from(await res.arrayBuffer()).equals(await renderOgImage(null))).toBe(true);
    });

    it('when the link has no query, then the generic card comes without asking for figures', async () => {
      const res = await get('/og/calculator.png');
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(await renderOgImage(null))).toBe(true);
      expect(figuresFor).not.toHaveBeenCalled();
    });

    it('when it is asked for with HEAD, then the headers say a PNG of its length, without a body', async () => {
      figuresFor.mockResolvedValue(figuresOf());
      const res = await get('/og/calculator.png?totalNodes=300', { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Number(res.headers.get('content-length'))).toBe((await renderOgImage(figuresOf())).length);
      expect(await res.text()).toBe('');
    });
  });

  it('when another path is asked for, then the router lets it through to the app', async () => {
    const res = await get('/network');
    expect(await res.text()).toContain('<div id="root">');
  });
});
