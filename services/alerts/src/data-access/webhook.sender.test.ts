import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlertDestinationRecord } from '../domain/ports';
import { testAlert } from '../domain/alert-messages';
import type { Resolve } from './alert-target';
import { USER_AGENT, webhookSender } from './webhook.sender';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let port: number;
let seen: Seen[];
let reply: (req: IncomingMessage, res: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      reply(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  reply = (_req, res) => res.writeHead(200).end('{"ok":true}');
});

/** Every name resolves to the test server's loopback address (it is not strict: local receivers are allowed). */
const toLoopback: Resolve = async () => [{ address: '127.0.0.1', family: 4 }];
const sender = (overrides: Partial<Parameters<typeof webhookSender>[0]> = {}) =>
  webhookSender({ strict: false, resolve: toLoopback, timeoutMs: 2_000, maxResponseBytes: 64 * 1024, ...overrides });
const destination = (url: string): AlertDestinationRecord => ({
  id: 'dest-1',
  walletAddress: '0xabc',
  channel: 'webhook',
  label: 'Mine',
  url,
  chatId: null,
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-02-01T00:00:00.000Z',
});
const delivery = { id: 'test:1:dest-1', alert: testAlert('Mine', '2026-02-01T00:00:00.000Z') };

describe('sending one alert', () => {
  it('when the receiver answers 200, then it is delivered, posted as JSON with the Idempotency-Key, a user agent and the name as Host', async () => {
    const result = await sender().send(destination(`http://hooks.test:${port}/in?x=1`), delivery);
    expect(result).toEqual({ ok: true });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/in?x=1' });
    expect(seen[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      'idempotency-key': 'test:1:dest-1',
      'user-agent': USER_AGENT,
      host: `hooks.test:${port}`,
    });
    expect(JSON.parse(seen[0]?.body ?? 'null')).toMatchObject({ id: 'test:1:dest-1', type: 'test', change: null });
  });

  it('when the receiver answers 503, then the attempt fails with the status', async () => {
    reply = (_req, res) => res.writeHead(503).end();
    expect(await sender().send(destination(`http://hooks.test:${port}/in`), delivery)).toEqual({ ok: false, error: 'HTTP 503' });
  });

  it('when the receiver redirects, then the redirect is not followed and the attempt fails', async () => {
    reply = (req, res) => (req.url === '/in' ? res.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` }).end() : res.writeHead(200).end());
    expect(await sender().send(destination(`http://hooks.test:${port}/in`), delivery)).toEqual({ ok: false, error: 'HTTP 302 (redirects are not followed)' });
    expect(seen.map((s) => s.url)).toEqual(['/in']);
  });

  it('when the receiver does not answer in time, then the attempt fails after the timeout', async () => {
    reply = () => {}; // never answered
    const started = Date.now();
    expect(await sender({ timeoutMs: 200 }).send(destination(`http://hooks.test:${port}/in`), delivery)).toEqual({ ok: false, error: 'no reply within 200 ms' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('when the receiver sends an endless reply, then at most the cap is read and the connection is dropped', async () => {
    let closedEarly: Promise<boolean> | undefined;
    reply = (_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(16 * 1024, 'x');
      let written = 0;
      closedEarly = new Promise((resolve) => res.on('close', () => resolve(written < 10 * 1024 * 1024)));
      const pump = () => {
        while (!res.destroyed && written < 10 * 1024 * 1024 && res.write(chunk)) written += chunk.length;
        if (!res.destroyed && written < 10 * 1024 * 1024) res.once('drain', pump);
      };
      pump();
    };
    expect(await sender({ maxResponseBytes: 32 * 1024 }).send(destination(`http://hooks.test:${port}/in`), delivery)).toEqual({ ok: true });
    expect(await closedEarly).toBe(true);
  });

  it('when nothing listens, then the attempt fails with the network error', async () => {
    const result = await sender().send(destination('http://hooks.test:1/in'), delivery);
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('ECONNREFUSED') as unknown });
  });

  it('when the name resolves to another address since the check, then the request still goes to the address that was checked', async () => {
    // rebind.test resolves nowhere but through the resolver given: reaching the server proves the
    // connection used the address that was checked, and the resolver was asked once (no second lookup).
    const resolve = jest.fn(toLoopback);
    await sender({ resolve }).send(destination(`http://rebind.test:${port}/in`), delivery);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(1);
  });

  it('when strict and the name now resolves to a private address, then nothing is sent and the attempt fails as refused', async () => {
    const result = await sender({ strict: true, resolve: async () => [{ address: '10.0.0.8', family: 4 }] }).send(destination('https://hooks.example.com/in'), delivery);
    expect(result).toEqual({ ok: false, error: 'URL refused: Must not point to a private address (hooks.example.com is 10.0.0.8)' });
    expect(seen).toHaveLength(0);
  });

  it('when strict and the URL is http, then nothing is sent', async () => {
    expect(await sender({ strict: true }).send(destination(`http://127.0.0.1:${port}/in`), delivery)).toEqual({ ok: false, error: 'URL refused: Must use https' });
    expect(seen).toHaveLength(0);
  });
});
