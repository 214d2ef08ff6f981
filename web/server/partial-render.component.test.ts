import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMetrics, listen, loadConfig, type Metrics, type RunningServer } from '@shm/platform';
import { parseMetrics, testLogger } from '@shm/platform/testing';
import { createApp } from './app';
import { WebConfigSchema } from './config';
import type { ServerEntry } from './server-entry';

// The app's own server render (src/entry-server.tsx), as the build's dist-ssr/ runs it. That build
// leaves the stylesheets out of the render; here a stylesheet import would be read as JavaScript, so
// each is an empty module.
const SRC = path.join(__dirname, '../src');
const stylesheets = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.css'));
for (const file of stylesheets) jest.mock(path.join(SRC, file), () => ({}));

/**
 * Pages rendered by the app's real render while the API fails: the visitor gets the page (what
 * could not be read shows as loading, the browser reads it again), but the page is never reused for
 * the next visitor, who gets a fresh render, and the render counts as partial (docs/server-rendering.md).
 */
describe('web server: a page rendered while the API fails', () => {
  const SHELL = '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>';
  const dist = mkdtempSync(path.join(tmpdir(), 'web-ssr-partial-'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-abc.js' } }));
  const ENDPOINTS = {
    success: true,
    isAdmin: false,
    endpoints: [{ category: 'Network', method: 'GET', path: '/api/shardeum-network', title: 'Read the network snapshot', description: 'The last snapshot.', parameters: [], responses: [{ status: 200, description: 'The snapshot' }] }],
  };

  /** The gateway as the render meets it: down (503 in the standard error shape) or up (the endpoint list); every request it got, by path. */
  let apiDown: boolean;
  let asked: string[];
  const gateway = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    const up = !apiDown && req.url === '/api/endpoints';
    res.writeHead(up ? 200 : 503, { 'content-type': 'application/json' });
    res.end(JSON.stringify(up ? ENDPOINTS : { error: { code: 'UPSTREAM_UNAVAILABLE', message: 'The service is unavailable', requestId: 'r-1' } }));
  });
  let gatewayUrl: string;
  let entry: ServerEntry;
  let web: RunningServer | undefined;
  let metrics: Metrics;

  beforeAll(async () => {
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as { port: number }).port}`;
    // By its path, as web/server/main.ts loads the build's render (the app is not type-checked with the server).
    entry = (await import(path.join(SRC, 'entry-server.tsx'))) as ServerEntry;
  });
  afterAll(async () => {
    await web?.close();
    await new Promise((resolve) => gateway.close(resolve));
  });

  const start = async (gatewayAt: string) => {
    await web?.close();
    apiDown = true;
    asked = [];
    metrics = createMetrics('web');
    const config = loadConfig(WebConfigSchema, { GATEWAY_URL: gatewayAt, WEB_DIST: dist, PUBLIC_ORIGIN: 'https://calc.example.org' });
    web = await listen(createApp({ logger: testLogger('web'), config, metrics, entry }), 0);
  };
  const open = async (page: string) => {
    if (!web) throw new Error('the web server is not started');
    const res = await fetch(`${web.url}${page}`, { headers: { accept: 'text/html' } });
    return { status: res.status, html: await res.text() };
  };
  const outcomes = async () => {
    const scraped = parseMetrics(await metrics.scrape());
    return Object.fromEntries(['rendered', 'cached', 'partial', 'shell', 'failed'].map((outcome) => [outcome, scraped.sum('web_page_renders_total', { outcome })]));
  };
  const noRenders = { rendered: 0, cached: 0, partial: 0, shell: 0, failed: 0 };

  it('when the API answers 503 to the page, then the visitor gets the page showing it loading, and the next visitor gets a fresh render, not that page', async () => {
    await start(gatewayUrl);
    const first = await open('/api/docs');
    expect(first.status).toBe(200);
    expect(first.html).toContain('<h1 class="app-header__title">API Documentation</h1>');
    expect(first.html).toContain('aria-label="Loading endpoints"');
    expect(first.html).toContain('"queries":[]');
    expect(asked).toEqual(['/api/endpoints']);

    const second = await open('/api/docs');
    expect(second.html).toContain('aria-label="Loading endpoints"');
    expect(asked).toEqual(['/api/endpoints', '/api/endpoints']);
    expect(await outcomes()).toEqual({ ...noRenders, partial: 2 });
  });

  it('when every read of the calculator fails (503), then each visitor gets a fresh render, counted partial', async () => {
    await start(gatewayUrl);
    const first = await open('/?nodes=3');
    expect(first.status).toBe(200);
    expect(first.html).toContain('<h1 class="app-header__title">Shardeum Validator Node Calculator</h1>');
    expect(first.html).not.toContain('<title>Shell</title>');
    const readsOfOneRender = asked.length;
    expect(asked).toContain('/api/feature-flags');

    await open('/?nodes=3');
    // The second visitor's render asked the API for the same reads again.
    expect(asked.slice(readsOfOneRender).sort()).toEqual(asked.slice(0, readsOfOneRender).sort());
    expect(await outcomes()).toEqual({ ...noRenders, partial: 2 });
  });

  it('when the gateway refuses connections, then the page is served, and rendered again for the next visitor', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const refusing = `http://127.0.0.1:${(closed.address() as { port: number }).port}`;
    await new Promise((resolve) => closed.close(resolve));
    await start(refusing);

    for (const visit of [1, 2]) {
      const page = await open('/api/docs');
      expect([visit, page.status]).toEqual([visit, 200]);
      expect(page.html).toContain('aria-label="Loading endpoints"');
    }
    expect(await outcomes()).toEqual({ ...noRenders, partial: 2 });
  });

  it('when the API is back, then the page is rendered whole with its answer and reused for the next visitor', async () => {
    await start(gatewayUrl);
    expect((await open('/api/docs')).html).toContain('aria-label="Loading endpoints"');

    apiDown = false;
    const whole = await open('/api/docs');
    expect(whole.html).toContain('Read the network snapshot');
    expect(whole.html).not.toContain('aria-label="Loading endpoints"');
    const reused = await open('/api/docs');
    expect(reused.html).toBe(whole.html);
    expect(asked).toEqual(['/api/endpoints', '/api/endpoints']);
    expect(await outcomes()).toEqual({ ...noRenders, partial: 1, rendered: 1, cached: 1 });
  });
});
