import { Wallet } from 'ethers';
import { signedIn, startPayments, type PaymentsUnderTest } from './support/payments-under-test';
import { errorOf, openStream, type OpenStream } from '@shm/platform/testing';

// Real Redis and MongoDB-wire server on a shared, busy machine; hundreds of streams in one test.
jest.setTimeout(60_000);

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

    const [oneOfMine] = mine;
    if (!oneOfMine) throw new Error('no stream of mine was opened');
    oneOfMine.close();
    await settle();
    expect((await streamFor(me)).status).toBe(200);
  });

  it('when the instance holds as many streams as it allows, then a stream for any wallet gets 429 until one closes', async () => {
    const wallets = [1, 2].map(() => Wallet.createRandom().address);
    // Four streams for each wallet, in turn.
    const streams = await Promise.all([...wallets, ...wallets, ...wallets, ...wallets].map((wallet) => streamFor(wallet)));
    expect(streams.every((s) => s.status === 200)).toBe(true);

    const refused = await streamFor(Wallet.createRandom().address);
    expect(refused.status).toBe(429);
    expect(errorOf(JSON.parse(await refused.body))).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many event streams are open on this server; try again shortly' });

    const [first] = streams;
    if (!first) throw new Error('no stream was opened');
    first.close();
    await settle();
    expect((await streamFor(Wallet.createRandom().address)).status).toBe(200);
  });
});
