import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { listen, loadConfig, type RunningServer } from '@shm/platform';
import { testLogger } from '@shm/platform/testing';
import { createApp } from './app';
import { WebConfigSchema } from './config';
import type { RenderRequest, RenderedPage, ServerEntry } from './server-entry';

/** The web server's side of server rendering: when a page is rendered, reused, or left to the browser (the app shell). */
describe('web server: pages rendered on the server', () => {
  const SHELL = '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>';
  const dist = mkdtempSync(path.join(tmpdir(), 'web-ssr-'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  mkdirSync(path.join(dist, '.vite'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets/index-abc.css'), 'body{margin:0}');
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-abc.js', css: ['assets/index-abc.css'] } }));

  let web: RunningServer;
  let calls: RenderRequest[];
  let next: () => Promise<RenderedPage>;
  const HEAD = '<title>Network Data</title>\n<link rel="canonical" href="https://calc.example.org/network" />';
  const page = (html: string, complete = true): RenderedPage => ({ html, head: HEAD, state: {}, modules: [], figures: null, complete, failedParts: 0 });

  const start = async (env: Record<string, string> = {}) => {
    await web?.close();
    const entry: ServerEntry = {
      render: (request) => {
        calls.push(request);
        return next();
      },
      sitemapPaths: ['/'],
      pageModules: [],
    };
    const config = loadConfig(WebConfigSchema, { GATEWAY_URL: 'http://127.0.0.1:9', WEB_DIST: dist, PUBLIC_ORIGIN: 'https://calc.example.org', ...env });
    web = await listen(createApp({ logger: testLogger('web'), config, entry }), 0);
  };
  beforeEach(async () => {
    calls = [];
    next = async () => page('<main>Rendered</main>');
    await start();
  });
  afterAll(() => web.close());

  const get = (p: string, headers: Record<string, string> = {}) => fetch(`${web.url}${p}`, { headers });

  it('when a visitor opens a page, then the HTML holds the rendered app and the head the render declared, and the render went to the gateway as the visitor', async () => {
    const res = await get('/network', { 'x-forwarded-for': '203.0.113.9' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<div id="root"><main>Rendered</main></div>');
    expect(html.indexOf('<link rel="canonical" href="https://calc.example.org/network" />')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<style>body{margin:0}</style>');
    expect(html).not.toContain('<title>Shell</title>');
    expect(calls).toEqual([expect.objectContaining({ url: '/network', origin: 'https://calc.example.org', gatewayUrl: 'http://127.0.0.1:9' })]);
    // The edge trusts no proxy by default: the visitor is the socket's peer, never what it wrote in X-Forwarded-For.
    expect(calls[0]?.clientAddress).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
  });

  it('when a browser takes brotli, then the page comes compressed, and an unchanged page answers 304 to its ETag', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip, br' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    // fetch decodes it: the body read is the page itself.
    expect(await res.text()).toContain('<main>Rendered</main>');
    const raw = await new Promise<Buffer>((resolve, reject) => {
      http.get(`${web.url}/`, { headers: { 'accept-encoding': 'br' } }, (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
      });
    });
    expect(brotliDecompressSync(raw).toString()).toContain('<main>Rendered</main>');
    const again = await get('/', { 'if-none-match': res.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
  });

  it('when the same address is asked for again within the cache time, then it is rendered once; another address is rendered on its own', async () => {
    await (await get('/?shmPrice=0.2')).text();
    await (await get('/?shmPrice=0.2')).text();
    await (await get('/?shmPrice=0.3')).text();
    expect(calls.map((c) => c.url)).toEqual(['/?shmPrice=0.2', '/?shmPrice=0.3']);
  });

  it('when a render ran out of time (partial), then the next visitor gets a fresh render, not the partial page', async () => {
    next = async () => page('<main>Partial</main>', false);
    expect(await (await get('/')).text()).toContain('Partial');
    next = async () => page('<main>Whole</main>');
    expect(await (await get('/')).text()).toContain('Whole');
    expect(calls).toHaveLength(2);
  });

  it('when the visitor is signed in (session cookie), then the app shell comes and nothing is rendered: their wallet and session live in the browser', async () => {
    const res = await get('/', { cookie: 'theme=dark; shm_session=abc' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(SHELL);
    expect(calls).toHaveLength(0);
  });

  it('when the render fails, then the visitor still gets the app (the shell), never an error page', async () => {
    next = async () => {
      throw new Error('render blew up');
    };
    const res = await get('/methodology');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(SHELL);
  });

  it('when as many renders as allowed are running, then the next visitor gets the shell at once instead of waiting', async () => {
    await start({ WEB_SSR_MAX_CONCURRENT: '1', WEB_SSR_CACHE_MS: '0' });
    let release!: () => void;
    next = () => new Promise((resolve) => (release = () => resolve(page('<main>Slow</main>'))));
    const slow = get('/');
    while (calls.length === 0) await new Promise((r) => setTimeout(r, 10));
    expect(await (await get('/network')).text()).toBe(SHELL);
    release();
    expect(await (await slow).text()).toContain('Slow');
    expect(calls).toHaveLength(1);
  });

  it('when a page is asked for with HEAD, then the headers come without a body', async () => {
    const res = await fetch(`${web.url}/`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await res.text()).toBe('');
  });
});
