import { randomUUID } from 'node:crypto';
import type { Wallet } from 'ethers';
import { WalletConnectConfigReplySchema, type WalletConnectConfigReply, type RegisterWalletReply, type InitiatePaymentReply, type PaymentSubmittedReply, type VerifyPaymentReply, type WalletSessionInfoReply, type PaymentSessionReply, type ClearSessionReply, type CheckPaymentStatusReply } from '@shm/contracts';
import { startPayments, type PaymentsUnderTest } from './support/payments-under-test';
import { verifySettled } from './support/flow';
import { errorOf, RECIPIENT, fundedWallet, pay } from '@shm/platform/testing';

// Real chain, Redis and MongoDB-wire server on a shared, busy machine.
jest.setTimeout(30_000);

let payments: PaymentsUnderTest;
beforeAll(async () => {
  payments = await startPayments();
});
afterAll(() => payments.stop());

const addressOf = (w: Wallet) => w.address.toLowerCase();

describe('payments API', () => {
  it('when the wallet config is read, then it names chain 8118 (hex for the wallet), SHM, the recipient and 0.1 SHM', async () => {
    const res = await payments.call<WalletConnectConfigReply>('GET', '/api/walletconnect-config');
    expect(res.status).toBe(200);
    const body = WalletConnectConfigReplySchema.parse(res.body);
    expect(body.networks[0]).toMatchObject({ chainId: '0x1fb6', nativeCurrency: { symbol: 'SHM', decimals: 18 } });
    expect(body.payment).toMatchObject({ recipient: RECIPIENT.toLowerCase(), amount: '0.1', amountWei: '100000000000000000', chainId: 8118 });
  });

  it('when a wallet starts sessions over and over without paying, then at most 5 are kept and later calls get the newest back', async () => {
    const wallet = '0x' + randomUUID().replace(/-/g, '').slice(0, 40).padEnd(40, '0');
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await payments.call<InitiatePaymentReply>('POST', '/api/payment/initiate', { wallet, body: { walletAddress: wallet } });
      expect(res.status).toBe(200);
      ids.push(res.body.sessionId);
    }
    expect(new Set(ids).size).toBe(5);
    expect(ids.slice(5)).toEqual([ids[4], ids[4], ids[4]]);
    expect(await payments.service.domain.intents.countOpen(wallet)).toBe(5);
  });

  it('when no wallet is signed in, then every wallet call answers 401', async () => {
    const wallet = '0x' + 'ab'.repeat(20);
    for (const [method, path, body] of [
      ['POST', '/api/wallet/register', { walletAddress: wallet }],
      ['POST', '/api/payment/initiate', { walletAddress: wallet }],
      ['POST', '/api/verify-payment', { walletAddress: wallet, transactionHash: `0x${'1'.repeat(64)}` }],
      ['GET', `/api/wallet/${wallet}/session-info`, undefined],
      ['POST', `/api/check-payment-status/${wallet}`, {}],
      ['GET', '/api/payment/events', undefined],
    ] as const) {
      const res = await payments.call(method, path, { body });
      expect({ path, status: res.status, code: errorOf(res).code }).toEqual({ path, status: 401, code: 'UNAUTHORIZED' });
    }
  });

  it('when a body or path names another wallet than the signed-in one, then it answers 403', async () => {
    const me = '0x' + 'aa'.repeat(20);
    const other = '0x' + 'bb'.repeat(20);
    const register = await payments.call<RegisterWalletReply>('POST', '/api/wallet/register', { wallet: me, body: { walletAddress: other } });
    expect(register.status).toBe(403);
    expect(errorOf(register).message).toBe('walletAddress is not the signed-in wallet');
    expect((await payments.call<WalletSessionInfoReply>('GET', `/api/wallet/${other}/session-info`, { wallet: me })).status).toBe(403);
    expect((await payments.call<CheckPaymentStatusReply>('POST', `/api/check-payment-status/${other}`, { wallet: me, body: {} })).status).toBe(403);
    // The same wallet in another letter case is the same wallet.
    expect((await payments.call<RegisterWalletReply>('POST', '/api/wallet/register', { wallet: me, body: { walletAddress: me.toUpperCase().replace('0X', '0x') } })).status).toBe(200);
  });

  it('when a wallet registers before paying, then it is unpaid with nothing pending', async () => {
    const wallet = '0x' + randomUUID().replace(/-/g, '').padEnd(40, '0').slice(0, 40);
    const res = await payments.call<RegisterWalletReply>('POST', '/api/wallet/register', { wallet, body: { walletAddress: wallet } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      walletAddress: wallet,
      isPaid: false,
      hasPendingTransactions: false,
      pendingTransactions: [],
      sessionInfo: { isValid: false, hoursRemaining: 0 },
    });
  });

  it('when a session belongs to another wallet or does not exist, then reading or clearing it answers 404', async () => {
    const owner = '0x' + 'cc'.repeat(20);
    const { body } = await payments.call<InitiatePaymentReply>('POST', '/api/payment/initiate', { wallet: owner, body: { walletAddress: owner } });
    expect((await payments.call<PaymentSessionReply>('GET', `/api/session/${body.sessionId}`, { wallet: '0x' + 'dd'.repeat(20) })).status).toBe(404);
    expect((await payments.call<ClearSessionReply>('DELETE', `/api/session/${body.sessionId}`, { wallet: '0x' + 'dd'.repeat(20) })).status).toBe(404);
    expect((await payments.call<PaymentSessionReply>('GET', `/api/session/${randomUUID()}`, { wallet: owner })).status).toBe(404);
    const own = await payments.call<PaymentSessionReply>('GET', `/api/session/${body.sessionId}`, { wallet: owner });
    expect(own.body).toEqual({ success: true, isValid: false, status: 'none', sessionInfo: { isValid: false, hoursRemaining: 0 } });
  });

  it('when a wallet pays and reports the hash, then verify answers success with 24 hours and the session is valid', async () => {
    const wallet = await fundedWallet();
    const me = addressOf(wallet);
    const initiated = await payments.call<InitiatePaymentReply>('POST', '/api/payment/initiate', { wallet: me, body: { walletAddress: wallet.address } });
    expect(initiated.body).toMatchObject({ success: true, recipient: RECIPIENT.toLowerCase(), amount: '0.1', chainId: 8118 });
    const { sessionId } = initiated.body;
    const hash = await pay(wallet, RECIPIENT, '0.1');
    const submitted = await payments.call<PaymentSubmittedReply>('POST', '/api/payment/submitted', { wallet: me, body: { walletAddress: me, transactionHash: hash, sessionId } });
    expect(submitted.body).toEqual({ success: true, sessionId, transactionHash: hash, status: 'verifying' });

    const verified = { body: await verifySettled(payments, me, hash) };
    expect(verified.body).toMatchObject({ success: true, status: 'confirmed', sessionId, transactionHash: hash, canRetry: false });
    expect(verified.body.hoursRemaining).toBeGreaterThan(23.99);

    const info = await payments.call<WalletSessionInfoReply>('GET', `/api/wallet/${me}/session-info`, { wallet: me });
    expect(info.body.sessionInfo).toMatchObject({ isValid: true, sessionId, transactionHash: hash });
    const session = await payments.call<PaymentSessionReply>('GET', `/api/session/${sessionId}`, { wallet: me });
    expect(session.body).toMatchObject({ isValid: true, status: 'confirmed' });
    const registered = await payments.call<RegisterWalletReply>('POST', '/api/wallet/register', { wallet: me, body: { walletAddress: me } });
    expect(registered.body).toMatchObject({ isPaid: true, hasPendingTransactions: false });
    const status = await payments.call<CheckPaymentStatusReply>('POST', `/api/check-payment-status/${me}`, { wallet: me, body: {} });
    expect(status.body).toMatchObject({ success: true, status: 'confirmed', isPaid: true, sessionId, pendingTransactions: [] });

    // Asking again is idempotent: the same session, no second grant.
    const again = await payments.call<VerifyPaymentReply>('POST', '/api/verify-payment', { wallet: me, body: { walletAddress: me, transactionHash: hash } });
    expect(again.body).toMatchObject({ success: true, sessionId });
  });

  it('when a session is cleared, then access ends and payment is required again', async () => {
    const wallet = await fundedWallet();
    const me = addressOf(wallet);
    const { sessionId } = (await payments.call<InitiatePaymentReply>('POST', '/api/payment/initiate', { wallet: me, body: { walletAddress: me } })).body;
    const hash = await pay(wallet, RECIPIENT, '0.1');
    expect((await verifySettled(payments, me, hash)).success).toBe(true);
    expect((await payments.call<ClearSessionReply>('DELETE', `/api/session/${sessionId}`, { wallet: me })).body).toEqual({ success: true, cleared: true });
    expect((await payments.call<WalletSessionInfoReply>('GET', `/api/wallet/${me}/session-info`, { wallet: me })).body.sessionInfo).toEqual({ isValid: false, hoursRemaining: 0 });
    expect((await payments.call<RegisterWalletReply>('POST', '/api/wallet/register', { wallet: me, body: { walletAddress: me } })).body.isPaid).toBe(false);
    expect((await payments.call<ClearSessionReply>('DELETE', `/api/session/${sessionId}`, { wallet: me })).body).toEqual({ success: true, cleared: false });
  });

  it('when a session already has a transaction, then reporting another one answers 409', async () => {
    const wallet = await fundedWallet();
    const me = addressOf(wallet);
    const { sessionId } = (await payments.call<InitiatePaymentReply>('POST', '/api/payment/initiate', { wallet: me, body: { walletAddress: me } })).body;
    const first = await pay(wallet, RECIPIENT, '0.1');
    await payments.call<PaymentSubmittedReply>('POST', '/api/payment/submitted', { wallet: me, body: { walletAddress: me, transactionHash: first, sessionId } });
    const second = await payments.call<PaymentSubmittedReply>('POST', '/api/payment/submitted', {
      wallet: me,
      body: { walletAddress: me, transactionHash: `0x${'2'.repeat(64)}`, sessionId },
    });
    expect(second.status).toBe(409);
    expect(errorOf(second)).toMatchObject({ code: 'CONFLICT', message: 'This payment session already has another transaction' });
  });

  it('when fields are malformed, then 400 names them', async () => {
    const me = '0x' + 'ee'.repeat(20);
    const res = await payments.call<VerifyPaymentReply>('POST', '/api/verify-payment', { wallet: me, body: { walletAddress: me, transactionHash: '0x12' } });
    expect(res.status).toBe(400);
    expect(Object.keys(errorOf(res).fields ?? {})).toEqual(['transactionHash']);
  });
});
