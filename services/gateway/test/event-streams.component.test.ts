import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { listen } from '@shm/platform';
import { errorOf, postJson } from '@shm/platform/testing';
import { startGateway } from './support/gateway';

jest.setTimeout(30_000);

/** A stand-in payments service: an event stream that stays open, one call that never answers, the rest answer at once. */
async function standInPayments() {
  const open = new Set<ServerResponse>();
  const server = await listen((req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/api/payment/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream' }).write(': open\n\n');
      const beat = setInterval(() => res.write(': keep-alive\n\n'), 100);
      res.on('close', () => clearInterval(beat));
      return void open.add(res);
    }
    if (req.url === '/api/payment/slow') return void open.add(res);
    req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}'));
  }, 0);
  return {
    url: server.url,
    async close() {
      for (const res of open) res.destroy();
      server.server.closeAllConnections();
      await server.close();
    },
  };
}

function openStream(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Promise<string>; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      const body = new Promise<string>((done) => res.on('end', () => done(text)).on('close', () => done(text)));
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body, close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

describe('event streams through the gateway', () => {
  let payments: Awaited<ReturnType<typeof standInPayments>>;
  beforeAll(async () => {
    payments = await standInPayments();
  });
  afterAll(() => payments.close());

  it('when more event streams are opened than the gateway allows, then the next gets 429 RATE_LIMITED with Retry-After, until one closes', async () => {
    const gateway = await startGateway({ PAYMENTS_URL: payments.url, PROXY_TIMEOUT_MS: '5000', SSE_MAX_STREAMS: '3' });
    const streams = await Promise.all([1, 2, 3].map(() => openStream(`${gateway.url}/api/payment/events`)));
    try {
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
      const refused = await openStream(`${gateway.url}/api/payment/events`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(errorOf(JSON.parse(await refused.body))).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many event streams are open on this server; try again shortly',
        requestId: refused.headers['x-request-id'],
      });
      const closing = streams.pop();
      if (!closing) throw new Error('no open stream to close');
      closing.close();
      await new Promise((r) => setTimeout(r, 100));
      const again = await openStream(`${gateway.url}/api/payment/events`);
      expect(again.status).toBe(200);
      streams.push(again);
    } finally {
      streams.forEach((s) => s.close());
      gateway.server.closeAllConnections();
      await gateway.close();
    }
  });

  it('when 256 event streams are open, then an ordinary call to the same service still answers promptly', async () => {
    const gateway = await startGateway({ PAYMENTS_URL: payments.url, PROXY_TIMEOUT_MS: '5000' });
    const streams = await Promise.all(Array.from({ length: 256 }, () => openStream(`${gateway.url}/api/payment/events`)));
    try {
      expect(streams.every((s) => s.status === 200)).toBe(true);
      const started = Date.now();
      const res = await fetch(`${gateway.url}/api/payment/initiate`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(2_000) });
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      streams.forEach((s) => s.close());
      gateway.server.closeAllConnections();
      await gateway.close();
    }
  });

  it('when every socket to a service stays busy past the wait bound, then the next call gets 503 UPSTREAM_UNAVAILABLE instead of queueing', async () => {
    const gateway = await startGateway({ PAYMENTS_URL: payments.url, PROXY_TIMEOUT_MS: '5000', PROXY_MAX_SOCKETS: '1', PROXY_SOCKET_WAIT_MS: '200' });
    const held = fetch(`${gateway.url}/api/payment/slow`, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
    try {
      await new Promise((r) => setTimeout(r, 100));
      const started = Date.now();
      const res = await postJson(`${gateway.url}/api/payment/initiate`, {}, { 'x-request-id': 'waits-too-long' });
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(res.body).toEqual({
        error: { code: 'UPSTREAM_UNAVAILABLE', message: 'The payments service is busy; try again shortly', requestId: 'waits-too-long' },
      });
    } finally {
      gateway.server.closeAllConnections();
      await gateway.close();
      await held;
    }
  });
});
