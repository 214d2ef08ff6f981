import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ErrorReply } from '@shm/contracts';
import { listen, loadConfig, type RunningServer } from '@shm/platform';
import { chunkedRequest, rawConnection, recordingLogger } from '@shm/platform/testing';
import { createApp } from './app';
import { WebConfigSchema } from './config';

jest.setTimeout(30_000);

/**
 * A stand-in gateway: `/api/feature-flags` answers at once, `/api/payment/events` is an event stream
 * that stays open, `/api/slow` never answers, and the `/api/too-large*` paths answer 413 before the
 * body has arrived (keeping on reading it, or closing the connection as a strict server may).
 */
async function standInGateway() {
  const streams = new Set<ServerResponse>();
  const held = new Set<ServerResponse>();
  const server = await listen((req: IncomingMessage, res: ServerResponse) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    if (req.url === '/api/feature-flags') return json(200, { success: true, flags: {} });
    if (req.url === '/api/payment/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream' }).write(': open\n\n');
      const beat = setInterval(() => res.write(': keep-alive\n\n'), 500);
      streams.add(res);
      res.on('close', () => (clearInterval(beat), streams.delete(res)));
      return;
    }
    if (req.url === '/api/slow') return void held.add(res);
    const tooLarge = { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is larger than 65536 bytes' } };
    if (req.url === '/api/too-large') return void req.once('data', () => json(413, tooLarge));
    if (req.url === '/api/too-large-close') return void req.once('data', () => (req.pause(), json(413, tooLarge, { connection: 'close' })));
    json(404, { error: { code: 'NOT_FOUND', message: 'no' } });
  }, 0);
  return {
    server,
    streams,
    async close() {
      for (const res of [...streams, ...held]) res.destroy();
      server.server.closeAllConnections();
      await server.close();
    },
  };
}

function startWeb(gatewayUrl: string, env: Record<string, string> = {}) {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const log = recordingLogger('web');
  const config = loadConfig(WebConfigSchema, { GATEWAY_URL: gatewayUrl, WEB_DIST: dist, PROXY_TIMEOUT_MS: '5000', ...env });
  return { log, running: listen(createApp({ logger: log.logger, config }), 0) };
}

/** Opens an event stream on its own connection; resolves once the status line is in. */
function openStream(url: string): Promise<{ status: number; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

async function getWithin(url: string, ms: number): Promise<{ status: number; body: ErrorReply; ms: number }> {
  const started = Date.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(ms) });
  return { status: res.status, body: (await res.json()) as ErrorReply, ms: Date.now() - started };
}

describe('web server /api proxy: a request body the gateway refuses early', () => {
  let gateway: Awaited<ReturnType<typeof standInGateway>>;
  let web: RunningServer;
  let log: ReturnType<typeof recordingLogger>;
  beforeAll(async () => {
    gateway = await standInGateway();
    const started = startWeb(gateway.server.url);
    log = started.log;
    web = await started.running;
  });
  afterAll(async () => {
    web.server.closeAllConnections();
    await web.close();
    await gateway.close();
  });

  it('when the gateway answers 413 while a 1 MiB chunked body is still arriving, then the client gets that 413 and its next request on the same socket is answered', async () => {
    const connection = await rawConnection(web.url);
    try {
      connection.send(chunkedRequest('/api/too-large', 1024 * 1024));
      const first = await connection.next();
      expect(first).toMatchObject({ status: 413 });
      expect((JSON.parse((first as { body: string }).body) as ErrorReply).error.code).toBe('PAYLOAD_TOO_LARGE');
      connection.send('GET /api/feature-flags HTTP/1.1\r\nHost: test\r\n\r\n');
      expect(await connection.next(3_000)).toMatchObject({ status: 200 });
      expect(log.errors()).toEqual([]);
    } finally {
      connection.close();
    }
  });

  it('when the gateway answers early and then drops its connection, then the client still gets an answer in the error shape and its next request is answered', async () => {
    const connection = await rawConnection(web.url);
    try {
      connection.send(chunkedRequest('/api/too-large-close', 1024 * 1024));
      // Whether the 413 or the dropped connection reaches the web server first is a race: 413 or 502.
      const first = await connection.next();
      expect(first).toMatchObject({ status: expect.any(Number) as unknown });
      expect((JSON.parse((first as { body: string }).body) as ErrorReply).error.code).toMatch(/^(PAYLOAD_TOO_LARGE|UPSTREAM_UNAVAILABLE)$/);
      connection.send('GET /api/feature-flags HTTP/1.1\r\nHost: test\r\n\r\n');
      expect(await connection.next(3_000)).toMatchObject({ status: 200 });
    } finally {
      connection.close();
    }
  });
});

describe('web server /api proxy: event streams and ordinary requests', () => {
  let gateway: Awaited<ReturnType<typeof standInGateway>>;
  beforeAll(async () => {
    gateway = await standInGateway();
  });
  afterAll(() => gateway.close());

  it('when 256 event streams (as many as the old shared pool held) are open through the web server, then /api/feature-flags still answers promptly', async () => {
    const { running } = startWeb(gateway.server.url);
    const web = await running;
    const streams = await Promise.all(Array.from({ length: 256 }, () => openStream(`${web.url}/api/payment/events`)));
    try {
      expect(streams.every((s) => s.status === 200)).toBe(true);
      const flags = await getWithin(`${web.url}/api/feature-flags`, 2_000);
      expect(flags.status).toBe(200);
    } finally {
      streams.forEach((s) => s.close());
      web.server.closeAllConnections();
      await web.close();
    }
  });

  it('when every upstream socket is busy past the wait bound, then a request gets 503 UPSTREAM_UNAVAILABLE at once instead of queueing', async () => {
    const { running } = startWeb(gateway.server.url, { PROXY_MAX_SOCKETS: '2', PROXY_SOCKET_WAIT_MS: '200' });
    const web = await running;
    const slow = [0, 1].map(() => fetch(`${web.url}/api/slow`, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined));
    try {
      await new Promise((r) => setTimeout(r, 100));
      const busy = await getWithin(`${web.url}/api/feature-flags`, 2_000);
      expect(busy.status).toBe(503);
      expect(busy.body.error).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
      expect(busy.body.error.requestId).toEqual(expect.any(String));
      // Streams have their own sockets, so they open even now.
      const stream = await openStream(`${web.url}/api/payment/events`);
      expect(stream.status).toBe(200);
      stream.close();
    } finally {
      web.server.closeAllConnections();
      await web.close();
      await Promise.all(slow);
    }
  });
});
