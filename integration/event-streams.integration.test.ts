import type { ErrorReply } from '@shm/contracts';
import { Wallet } from 'ethers';
import { startFront, type Front } from './support/front';
import { startPayments, type Started } from './support/services';
import { openStream, type OpenStream } from '@shm/platform/testing';

/** A fresh signer (a plain Wallet, as sign-in takes). */
const newWallet = () => new Wallet(Wallet.createRandom().privateKey);

// Real Redis and MongoDB-wire server on a shared, busy machine; hundreds of streams in one test.
jest.setTimeout(60_000);

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
    expect((JSON.parse(await extra.body) as ErrorReply).error).toMatchObject({ code: 'RATE_LIMITED', requestId: extra.headers['x-request-id'] });
  });

  it('when 256 streams are open (as many sockets as each hop used to share), then GET /api/feature-flags still answers promptly', async () => {
    // 52 signed-in wallets, each within its own cap of 5.
    const cookies: string[] = [];
    for (let i = 0; i < 52; i += 1) cookies.push(await front.signIn(newWallet()));
    // The wallets in turn: stream i goes to wallet i mod 52, at most 5 each.
    const turns = [...cookies, ...cookies, ...cookies, ...cookies, ...cookies].slice(0, 256);
    const streams = await Promise.all(turns.map((cookie) => openStream(front.webUrl, { cookie })));
    open.push(...streams);
    expect(streams.filter((s) => s.status !== 200)).toEqual([]);

    const started = Date.now();
    const flags = await fetch(`${front.webUrl}/api/feature-flags`, { signal: AbortSignal.timeout(3_000) });
    expect(flags.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
