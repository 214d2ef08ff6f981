import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
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
const destination = (url: string, more: Partial<AlertDestinationRecord> = {}): AlertDestinationRecord => ({
  id: 'dest-1',
  walletAddress: '0xabc',
  channel: 'webhook',
  label: 'Mine',
  url,
  chatId: null,
  secret: null,
  ...more,
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

describe('signing a webhook', () => {
  const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  const signed = (more: Partial<AlertDestinationRecord> = {}) => destination(`http://hooks.test:${port}/in`, { secret: SECRET, ...more });
  const headersOf = (i = 0) => seen[i]?.headers as Record<string, string>;

  it('when the webhook has a secret, then webhook-id is the delivery id, the timestamp this attempt, and the signature HMAC-SHA256 of "id.timestamp.body"', async () => {
    const at = new Date('2026-02-01T12:00:00.000Z');
    expect(await sender({ now: () => at }).send(signed(), delivery)).toEqual({ ok: true });
    const body = seen[0]?.body ?? '';
    // Worked out here with node:crypto: the key is the base64 after `whsec_`.
    const mac = createHmac('sha256', Buffer.alloc(32, 7)).update(`test:1:dest-1.1769947200.${body}`).digest('base64');
    expect(headersOf()).toMatchObject({ 'idempotency-key': 'test:1:dest-1', 'webhook-id': 'test:1:dest-1', 'webhook-timestamp': '1769947200', 'webhook-signature': `v1,${mac}` });
  });

  it("when a receiver verifies with the library, then the delivery passes, and a tampered body or a stale timestamp fails", async () => {
    await sender().send(signed(), delivery);
    const receiver = new Webhook(SECRET);
    const body = seen[0]?.body ?? '';
    expect(receiver.verify(body, headersOf())).toMatchObject({ id: 'test:1:dest-1', type: 'test' });
    expect(() => receiver.verify(body.replace('"test"', '"node.changed"'), headersOf())).toThrow(new WebhookVerificationError('No matching signature found'));
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 8).toString('base64')}`).verify(body, headersOf())).toThrow(WebhookVerificationError);

    await sender({ now: () => new Date(Date.now() - 10 * 60_000) }).send(signed(), delivery);
    expect(() => receiver.verify(seen[1]?.body ?? '', headersOf(1))).toThrow(new WebhookVerificationError('Message timestamp too old'));
  });

  it('when retried, then webhook-id stays and the timestamp and signature are made again', async () => {
    await sender({ now: () => new Date('2026-02-01T12:00:00.000Z') }).send(signed(), delivery);
    await sender({ now: () => new Date('2026-02-01T12:00:30.000Z') }).send(signed(), delivery);
    expect(seen.map((s) => s.headers['webhook-id'])).toEqual(['test:1:dest-1', 'test:1:dest-1']);
    expect(seen.map((s) => s.headers['webhook-timestamp'])).toEqual(['1769947200', '1769947230']);
    expect(seen[0]?.headers['webhook-signature']).not.toBe(seen[1]?.headers['webhook-signature']);
  });

  it('when a webhook has no secret yet (added before signing), or the destination is Discord, then it goes unsigned, with its Idempotency-Key', async () => {
    await sender().send(signed({ secret: null }), delivery);
    await sender().send(signed({ channel: 'discord' }), delivery);
    for (const { headers } of seen) {
      expect(headers['idempotency-key']).toBe('test:1:dest-1');
      expect(Object.keys(headers).filter((name) => name.startsWith('webhook-'))).toEqual([]);
    }
  });
});
