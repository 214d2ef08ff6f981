import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listen, loadConfig, type RunningServer } from '@shm/platform';
import { testLogger } from '@shm/platform/testing';
import { createApp } from './app';
import { WebConfigSchema } from './config';

describe('web server: /api and /api/docs are pages for browsers and API paths for everyone else', () => {
  let gateway: RunningServer;
  let web: RunningServer;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    gateway = await listen((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ from: 'gateway', url: req.url })), 0);
    web = await listen(
      createApp({ logger: testLogger('web'), config: loadConfig(WebConfigSchema, { GATEWAY_URL: gateway.url, WEB_DIST: dist, PROXY_TIMEOUT_MS: '2000' }) }),
      0,
    );
  });
  afterAll(async () => {
    await web.close();
    await gateway.close();
  });

  const get = (p: string, accept: string) => fetch(`${web.url}${p}`, { headers: { accept } });
  const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

  it.each(['/api', '/api/docs'])('when a browser opens %s, then it gets the SPA', async (route) => {
    const res = await get(route, browser);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('<div id="root">');
  });

  it.each([
    ['/api/docs', 'application/json'],
    ['/api', '*/*'],
    ['/api/endpoints', browser],
    ['/api/feature-flags', 'application/json'],
  ])('when %s is asked for with Accept %s, then the gateway answers', async (route, accept) => {
    const res = await get(route, accept);
    expect(await res.json()).toEqual({ from: 'gateway', url: route });
  });

  it('when the page is served, then a strict CSP, nosniff, a referrer policy and no framing come with it', async () => {
    const res = await get('/', browser);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/connect-src 'self' [^;]*wss:\/\/relay\.walletconnect\.org/);
    expect(csp).toContain('https://api.shardeum.org');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
