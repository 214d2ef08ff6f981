import http from 'node:http';
import { Wallet } from 'ethers';
import { startFront, type Front } from './support/front';
import { startPayments, type Started } from './support/services';

/** A fresh signer (a plain Wallet, as sign-in takes). */
const newWallet = () => new Wallet(Wallet.createRandom().privateKey);

// Real Redis and MongoDB-wire server on a shared, busy machine; hundreds of streams in one test.
jest.setTimeout(60_000);

interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Promise<string>;
  close(): void;
}

/** GET /api/payment/events on a connection of its own; resolves once the status line is in. */
function openStream(url: string, headers: Record<string, string>): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}/api/payment/events`, { agent: false, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      const body = new Promise<string>((done) => res.on('end', () => done(text)).on('close', () => done(text)));
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body, close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

describe('event streams through the web entry and the gateway', () => {
  let payments: Started;
  let front: Front;
  const open: OpenStream[] = [];
  beforeAll(async () => {
    const now = () => new Date();
    payments = await startPayments({}, { now });
    front = await startFront(payments.url, now);
  });
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  afterAll(async () => {
    await front.stop();
    await payments.stop();
  });

  it('when a signed-in browser opens more streams than a wallet may, then the extra one gets 429 RATE_LIMITED in the error shape through both proxies', async () => {
    const cookie = await front.signIn(newWallet());
    for (let i = 0; i < 5; i += 1) open.push(await openStream(front.webUrl, { cookie }));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const extra = await openStream(front.webUrl, { cookie });
    open.push(extra);
    expect(extra.status).toBe(429);
    expect(extra.headers['retry-after']).toBe('10');
    expect(JSON.parse(await extra.body).error).toMatchObject({ code: 'RATE_LIMITED', requestId: extra.headers['x-request-id'] });
  });

  it('when 256 streams are open (as many sockets as each hop used to share), then GET /api/feature-flags still answers promptly', async () => {
    // 52 signed-in wallets, each within its own cap of 5.
    const cookies: string[] = [];
    for (let i = 0; i < 52; i += 1) cookies.push(await front.signIn(newWallet()));
    const streams = await Promise.all(Array.from({ length: 256 }, (_, i) => openStream(front.webUrl, { cookie: cookies[i % 52]! })));
    open.push(...streams);
    expect(streams.filter((s) => s.status !== 200)).toEqual([]);

    const started = Date.now();
    const flags = await fetch(`${front.webUrl}/api/feature-flags`, { signal: AbortSignal.timeout(3_000) });
    expect(flags.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
