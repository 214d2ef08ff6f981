import http from 'node:http';
import { Wallet } from 'ethers';
import { controlledClock } from './support/clock';
import { startFront, type Front } from './support/front';
import { signedIn, startPayments, type PaymentsUnderTest } from './support/payments-under-test';

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

const settle = () => new Promise((r) => setTimeout(r, 100));

describe('event stream caps at the payments service', () => {
  let payments: PaymentsUnderTest;
  const open: OpenStream[] = [];
  beforeAll(async () => {
    payments = await startPayments({ SSE_MAX_STREAMS: '8' });
  });
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  afterAll(() => payments.stop());

  const streamFor = async (wallet: string) => {
    const stream = await openStream(payments.server.url, signedIn(wallet));
    open.push(stream);
    return stream;
  };

  it('when a wallet opens a sixth stream, then it gets 429 RATE_LIMITED with Retry-After, other wallets still get theirs, and closing one frees a place', async () => {
    const me = Wallet.createRandom().address;
    const mine = await Promise.all([1, 2, 3, 4, 5].map(() => streamFor(me)));
    expect(mine.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);

    const sixth = await streamFor(me);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(await sixth.body)).toEqual({
      error: { code: 'RATE_LIMITED', message: 'At most 5 event streams may be open at once; close one and try again', requestId: sixth.headers['x-request-id'] },
    });
    expect((await streamFor(Wallet.createRandom().address)).status).toBe(200);

    mine[0]!.close();
    await settle();
    expect((await streamFor(me)).status).toBe(200);
  });

  it('when the instance holds as many streams as it allows, then a stream for any wallet gets 429 until one closes', async () => {
    const wallets = [1, 2].map(() => Wallet.createRandom().address);
    const streams = await Promise.all([0, 1, 2, 3, 0, 1, 2, 3].map((i) => streamFor(wallets[i % 2]!)));
    expect(streams.every((s) => s.status === 200)).toBe(true);

    const refused = await streamFor(Wallet.createRandom().address);
    expect(refused.status).toBe(429);
    expect(JSON.parse(await refused.body).error).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many event streams are open on this server; try again shortly' });

    streams[0]!.close();
    await settle();
    expect((await streamFor(Wallet.createRandom().address)).status).toBe(200);
  });
});

describe('event streams through the web entry and the gateway', () => {
  const clock = controlledClock();
  let payments: PaymentsUnderTest;
  let front: Front;
  const open: OpenStream[] = [];
  beforeAll(async () => {
    payments = await startPayments({}, { now: clock.now });
    front = await startFront(payments.server.url, clock.now);
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
