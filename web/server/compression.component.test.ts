import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { listen, loadConfig, type RunningServer } from '@shm/platform';
import { testLogger } from '@shm/platform/testing';
import { initialAssets } from '../build/initial-assets';
import { createApp } from './app';
import { WebConfigSchema } from './config';

const WEB = path.resolve(__dirname, '..');

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose reply body comes as sent (fetch would decompress it), its path sent as written. */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawReply> {
  const { hostname, port } = new URL(url);
  const pathAsWritten = url.replace(/^https?:\/\/[^/]+/, '');
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: pathAsWritten, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (reply: RawReply) =>
  reply.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(reply.body)
    : reply.headers['content-encoding'] === 'gzip'
      ? gunzipSync(reply.body)
      : reply.body;

const CODINGS = [
  ['br', 'gzip, deflate, br, zstd', 'br'],
  ['gzip', 'gzip, deflate', 'gzip'],
  ['identity', '', undefined],
  ['gzip (br refused with q=0)', 'br;q=0, gzip', 'gzip'],
] as const;

describe('web server: the built page and its assets, compressed as the browser asks', () => {
  let dist: string;
  let gateway: RunningServer;
  let web: RunningServer;
  /** What index.html loads at once: its script and its modulepreload and stylesheet links. */
  let initial: string[];

  beforeAll(async () => {
    // The real build (with the precompressing plugin) into a directory of this test's own.
    dist = mkdtempSync(path.join(tmpdir(), 'web-dist-compressed-'));
    execFileSync(process.execPath, [path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: WEB,
      stdio: 'inherit',
    });
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    initial = initialAssets(html).filter((url) => /^\/assets\/.+\.(?:js|css)$/.test(url));
    gateway = await listen((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"from":"gateway"}'), 0);
    web = await listen(createApp({ logger: testLogger('web'), config: loadConfig(WebConfigSchema, { GATEWAY_URL: gateway.url, WEB_DIST: dist, PROXY_TIMEOUT_MS: '2000' }) }), 0);
  }, 180_000);
  afterAll(async () => {
    await web?.close();
    await gateway?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('when the page is built, then it loads a script and stylesheet from /assets', () => {
    expect(initial.some((p) => p.endsWith('.js'))).toBe(true);
    expect(initial.some((p) => p.endsWith('.css'))).toBe(true);
  });

  it.each(CODINGS)('when / is asked for with %s accepted, then it comes that way and decodes to the built index.html', async (_name, accept, coding) => {
    const reply = await raw(`${web.url}/`, accept ? { 'accept-encoding': accept } : {});
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe(coding);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    expect(decode(reply).equals(readFileSync(path.join(dist, 'index.html')))).toBe(true);
    // The security headers come with the page whichever coding it is in.
    expect(reply.headers['content-security-policy']).toContain("script-src 'self'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(CODINGS)('when the assets of / are asked for with %s accepted, then each comes that way and decodes to the built file', async (_name, accept, coding) => {
    for (const asset of initial) {
      const reply = await raw(`${web.url}${asset}`, accept ? { 'accept-encoding': accept } : {});
      expect({ asset, status: reply.status, coding: reply.headers['content-encoding'] }).toEqual({ asset, status: 200, coding });
      expect(reply.headers['content-type']).toBe(asset.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(reply.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
      expect(decode(reply).equals(readFileSync(path.join(dist, asset)))).toBe(true);
      expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  // Without the server render (none in this build), every page is the app shell.
  it.each([
    ['/network', 'index.html'],
    ['/shm/admin', 'index.html'],
    ['/api/docs', 'index.html'],
    ['/methodology', 'index.html'],
    ['/calculator', 'index.html'],
    ['/some/unknown/path', 'index.html'],
  ])('when %s is opened in a browser, then %s comes compressed and uncached', async (route, file) => {
    const reply = await raw(`${web.url}${route}`, { accept: 'text/html', 'accept-encoding': 'br' });
    expect({ status: reply.status, coding: reply.headers['content-encoding'], cache: reply.headers['cache-control'] }).toEqual({
      status: 200,
      coding: 'br',
      cache: 'no-cache',
    });
    expect(decode(reply).equals(readFileSync(path.join(dist, file)))).toBe(true);
  });

  it('when a preloaded font is asked for with br accepted, then it comes as it is (woff2 is compressed already), cached for a year', async () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const fonts = [...html.matchAll(/<link rel="preload" href="([^"]+\.woff2)"/g)].map((m) => m[1] as string);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      const reply = await raw(`${web.url}${font}`, { 'accept-encoding': 'br, gzip' });
      expect({ font, status: reply.status, type: reply.headers['content-type'], coding: reply.headers['content-encoding'] }).toEqual({
        font,
        status: 200,
        type: 'font/woff2',
        coding: undefined,
      });
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(reply.body.equals(readFileSync(path.join(dist, font)))).toBe(true);
    }
  });

  it("when the build is made, then its manifest names each lazily loaded page's code and the boot script, which the server's pages load", () => {
    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
    for (const page of ['network', 'methodology', 'api-docs', 'admin']) expect(manifest[`src/app/routes/${page}.tsx`]?.file).toMatch(new RegExp(`^assets/${page}-[\\w-]+\\.js$`));
    expect(manifest['build/boot.js']?.file).toMatch(/^assets\/boot-[\w-]+\.js$/);
  });

  it('when a file is asked for with HEAD, then the headers of the GET come without a body', async () => {
    const asset = initial[0] as string;
    const [head, get] = await Promise.all([
      raw(`${web.url}${asset}`, { 'accept-encoding': 'br' }, 'HEAD'),
      raw(`${web.url}${asset}`, { 'accept-encoding': 'br' }),
    ]);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-type', 'content-length', 'content-encoding', 'etag', 'cache-control', 'vary']) {
      expect({ name, value: head.headers[name] }).toEqual({ name, value: get.headers[name] });
    }
  });

  it('when the browser revalidates with the ETag it has, then 304 with no body; another coding has another ETag', async () => {
    const first = await raw(`${web.url}/`, { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await raw(`${web.url}/`, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const gzip = await raw(`${web.url}/`, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.etag).not.toBe(etag);
  });

  it('when an asset is missing, or a compressed form or a path outside dist is asked for by name, then 404', async () => {
    const asset = initial[0] as string;
    for (const p of ['/assets/missing-abc123.js', `${asset}.br`, '/assets/..%2f..%2fpackage.json', '/assets/%2e%2e/index.html', '/assets/../../package.json']) {
      const reply = await raw(`${web.url}${p}`, { 'accept-encoding': 'br' });
      expect({ p, status: reply.status }).toEqual({ p, status: 404 });
    }
  });
});
