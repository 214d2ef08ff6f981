import {
  CALCULATOR_DEFAULTS,
  type EconomicsReply,
  type ErrorReply,
  type InitiatePaymentReply,
  type PaymentSessionReply,
  type RegisterWalletReply,
  type VerifyPaymentReply,
  type WalletSessionInfoReply,
} from '@shm/contracts';
import { postJson, RECIPIENT, fundedWallet, pay, HOUR_MS, controlledClock, openEvents } from '@shm/platform/testing';
import { startFront, type Front } from './support/front';
import { startPayments, type Started } from './support/services';

// Real chain, Redis and MongoDB-wire server on a shared, busy machine.
jest.setTimeout(30_000);

const clock = controlledClock();
let payments: Started;
let front: Front;
beforeAll(async () => {
  payments = await startPayments({ SSE_HEARTBEAT_MS: '300' }, { now: clock.now });
  front = await startFront(payments.url, clock.now);
});
beforeEach(() => clock.reset());
afterAll(async () => {
  await front.stop();
  await payments.stop();
});

/** A browser's call through the web server and the gateway, with the session cookie. */
const api = (cookie: string) => ({
  post: async <Reply = unknown>(path: string, body: unknown = {}) => {
    const res = await postJson(`${front.webUrl}${path}`, body, { cookie });
    return { ...res, body: res.body as Reply };
  },
  get: async <Reply>(path: string) => {
    const res = await fetch(`${front.webUrl}${path}`, { headers: { cookie } });
    return { status: res.status, body: (await res.json()) as Reply };
  },
});

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('paying 0.1 SHM for 24 hours of gated results (web → gateway → payments, calc gated)', () => {
  it('when a signed-in wallet pays, then the stream reports it, calc answers 200 instead of 403, and access ends after 24 hours', async () => {
    const wallet = await fundedWallet();
    const me = wallet.address.toLowerCase();
    const cookie = await front.signIn(wallet);
    const browser = api(cookie);
    const economics = () => browser.post('/api/calculations/economics', { params: CALCULATOR_DEFAULTS, walletAddress: wallet.address });

    const events = await openEvents(`${front.webUrl}/api/payment/events`, { cookie });
    expect(events.status).toBe(200);
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await events.next((s) => s.status === 'none')).toMatchObject({ wallet: me, isPaid: false });

    const before = await economics();
    expect(before.status).toBe(403);
    expect((before.body as ErrorReply).error).toMatchObject({ code: 'PAYMENT_REQUIRED', message: 'Payment Required' });
    expect((await browser.post<RegisterWalletReply>('/api/wallet/register', { walletAddress: wallet.address })).body).toMatchObject({ isPaid: false });

    const { sessionId, recipient, amount } = (await browser.post<InitiatePaymentReply>('/api/payment/initiate', { walletAddress: wallet.address })).body;
    expect({ recipient, amount }).toEqual({ recipient: RECIPIENT.toLowerCase(), amount: '0.1' });
    const hash = await pay(wallet, recipient, amount);
    await browser.post('/api/payment/submitted', { walletAddress: wallet.address, transactionHash: hash, sessionId });

    // The stream learns of the confirmation without anyone polling.
    const confirmed = await events.next((s) => s.status === 'confirmed');
    expect(confirmed).toMatchObject({ isPaid: true, sessionId, transactionHash: hash });
    expect(confirmed.hoursRemaining).toBeGreaterThan(23.99);
    const verify = await browser.post<VerifyPaymentReply>('/api/verify-payment', { walletAddress: wallet.address, transactionHash: hash });
    expect(verify.body).toMatchObject({ success: true, sessionId, canRetry: false });

    const after = await eventually(economics, (r) => r.status === 200);
    expect(after.status).toBe(200);
    expect((after.body as EconomicsReply).results.maxNodes).toBe(32);
    expect((await browser.get<WalletSessionInfoReply>(`/api/wallet/${me}/session-info`)).body.sessionInfo).toMatchObject({ isValid: true, sessionId });

    clock.advance(23 * HOUR_MS);
    expect((await economics()).status).toBe(200);
    expect((await browser.get<WalletSessionInfoReply>(`/api/wallet/${me}/session-info`)).body.sessionInfo.hoursRemaining).toBeCloseTo(1, 1);

    clock.advance(HOUR_MS + 1000);
    const expired = await economics();
    expect(expired.status).toBe(403);
    expect((await browser.get<WalletSessionInfoReply>(`/api/wallet/${me}/session-info`)).body.sessionInfo).toEqual({ isValid: false, hoursRemaining: 0 });
    expect((await browser.get<PaymentSessionReply>(`/api/session/${sessionId}`)).body).toMatchObject({ isValid: false, status: 'confirmed' });
    expect((await browser.post<RegisterWalletReply>('/api/wallet/register', { walletAddress: wallet.address })).body.isPaid).toBe(false);
    events.close();
  });

  it('when the event stream stays open through both proxies, then heartbeats arrive and nothing is held back', async () => {
    const wallet = await fundedWallet();
    const cookie = await front.signIn(wallet);
    const events = await openEvents(`${front.webUrl}/api/payment/events`, { cookie });
    await events.next((s) => s.status === 'none', 2000);
    await eventually(async () => events.comments, (n) => n >= 2, 3000);
    expect(events.comments).toBeGreaterThanOrEqual(2);
    events.close();
  });

  it('when a paid wallet clears its session, then calc asks for payment again', async () => {
    const wallet = await fundedWallet();
    const cookie = await front.signIn(wallet);
    const browser = api(cookie);
    const { sessionId } = (await browser.post<InitiatePaymentReply>('/api/payment/initiate', { walletAddress: wallet.address })).body;
    const hash = await pay(wallet, RECIPIENT, '0.1');
    const verify = () => browser.post<VerifyPaymentReply>('/api/verify-payment', { walletAddress: wallet.address, transactionHash: hash });
    expect((await eventually(verify, (r) => r.body.status !== 'verifying')).body.success).toBe(true);
    const economics = () => browser.post('/api/calculations/economics', { params: CALCULATOR_DEFAULTS, walletAddress: wallet.address });
    expect((await eventually(economics, (r) => r.status === 200)).status).toBe(200);

    const res = await fetch(`${front.webUrl}/api/session/${sessionId}`, { method: 'DELETE', headers: { cookie } });
    expect(await res.json()).toEqual({ success: true, cleared: true });
    expect((await eventually(economics, (r) => r.status === 403)).status).toBe(403);
  });

  it('when calc never hears payment.confirmed (its consumer died), then it reads the confirmation from the stream and the paid wallet still gets results', async () => {
    const deaf = await startFront(payments.url, clock.now, { followEvents: false });
    try {
      const wallet = await fundedWallet();
      const cookie = await deaf.signIn(wallet);
      const economics = () => postJson(`${deaf.webUrl}/api/calculations/economics`, { params: CALCULATOR_DEFAULTS, walletAddress: wallet.address }, { cookie });
      expect((await economics()).status).toBe(403);
      const { sessionId } = (await postJson(`${deaf.webUrl}/api/payment/initiate`, { walletAddress: wallet.address }, { cookie })).body as InitiatePaymentReply;
      const hash = await pay(wallet, RECIPIENT, '0.1');
      // verify-payment answers at once; the page would learn the outcome on its stream, this asks again.
      const verify = () => postJson(`${deaf.webUrl}/api/verify-payment`, { walletAddress: wallet.address, transactionHash: hash }, { cookie });
      expect((await eventually(verify, (r) => (r.body as VerifyPaymentReply).status !== 'verifying')).body).toMatchObject({ success: true, sessionId });
      // No event reached this calc: the first calculation after the payment already succeeds.
      const after = await economics();
      expect(after.status).toBe(200);
      expect((after.body as EconomicsReply).results.maxNodes).toBe(32);
    } finally {
      await deaf.stop();
    }
  });

  it('when nobody is signed in, then the stream and the payment calls are refused through the gateway', async () => {
    const res = await fetch(`${front.webUrl}/api/payment/events`);
    expect(res.status).toBe(401);
    const verify = await postJson(`${front.webUrl}/api/verify-payment`, { walletAddress: RECIPIENT, transactionHash: `0x${'3'.repeat(64)}` });
    expect(verify.status).toBe(401);
    const config = await fetch(`${front.webUrl}/api/walletconnect-config`);
    expect(config.status).toBe(200);
  });
});
