import type { Wallet } from 'ethers';
import { IDENTITY_HEADER, type InitiatePaymentReply } from '@shm/contracts';
import { signIdentity } from '@shm/platform';
import { verifyTransaction } from '../src/domain/verify-transaction';
import { startPayments, type PaymentsUnderTest } from './support/payments-under-test';
import { verifySettled } from './support/flow';
import { startOtherChain } from './support/processes';
import { RECIPIENT, deployReverter, fundedWallet, pay, payUnprotected, controlledClock } from '@shm/platform/testing';

// Real chain, Redis and MongoDB-wire server on a shared, busy machine.
jest.setTimeout(60_000);

const clock = controlledClock();
let payments: PaymentsUnderTest;
beforeAll(async () => {
  payments = await startPayments({}, { now: clock.now });
});
beforeEach(() => clock.reset());
afterAll(() => payments.stop());

const me = (w: Wallet) => w.address.toLowerCase();

/** The page's steps for one wallet on one payments instance: start a session, then verify a hash. */
const as = (wallet: Wallet, service = payments) => ({
  initiate: async () => (await service.call<InitiatePaymentReply>('POST', '/api/payment/initiate', { wallet: me(wallet), body: { walletAddress: me(wallet) } })).body.sessionId,
  verify: (hash: string) => verifySettled(service, me(wallet), hash),
});

describe('payment verification refuses each attack with its reason', () => {
  it('when a transaction that already bought access is claimed again, then it is refused as already used', async () => {
    const wallet = await fundedWallet();
    await as(wallet).initiate();
    const hash = await pay(wallet, RECIPIENT, '0.1');
    expect((await as(wallet).verify(hash)).success).toBe(true);

    clock.advance(25 * 3_600_000);
    await as(wallet).initiate();
    const reused = await as(wallet).verify(hash);
    expect(reused).toMatchObject({ success: false, status: 'failed', reason: 'TX_ALREADY_USED', canRetry: false });
    expect(reused.error).toBe('Transaction has already been used for a payment');

    const stranger = await fundedWallet();
    await as(stranger).initiate();
    expect(await as(stranger).verify(hash)).toMatchObject({ success: false, reason: 'TX_ALREADY_USED', canRetry: false });
  });

  it('when two sessions race to claim one transaction, then the unique index lets exactly one through', async () => {
    const wallet = await fundedWallet();
    const intents = await Promise.all([as(wallet).initiate(), as(wallet).initiate()]);
    const hash = await pay(wallet, RECIPIENT, '0.1');
    const { domain } = payments.service;
    for (const id of intents) await domain.intents.update(id, { txHash: hash, status: 'submitted', submittedAt: clock.now() });
    const outcomes = await Promise.allSettled(intents.map((sessionId) => verifyTransaction(domain, { sessionId, txHash: hash, wallet: me(wallet) }, { finalAttempt: false })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ reason: 'TX_ALREADY_USED', retryable: false });
  });

  it('when a wallet claims another wallet’s payment, then it is refused as sent from another wallet, and the payer still gets access', async () => {
    const payer = await fundedWallet();
    const thief = await fundedWallet();
    await as(payer).initiate();
    const hash = await pay(payer, RECIPIENT, '0.1');
    await as(thief).initiate();
    const stolen = await as(thief).verify(hash);
    expect(stolen).toMatchObject({ success: false, reason: 'WRONG_SENDER', canRetry: false });
    expect(stolen.error).toBe('Transaction was sent from another wallet than the signed-in one');
    expect(await as(payer).verify(hash)).toMatchObject({ success: true, status: 'confirmed' });
  });

  it('when the payment goes to another address, then it is refused as the wrong recipient', async () => {
    const wallet = await fundedWallet();
    await as(wallet).initiate();
    const hash = await pay(wallet, '0x90F79bf6EB2c4f870365E785982E1f101E93b906', '0.1');
    const reply = await as(wallet).verify(hash);
    expect(reply).toMatchObject({ success: false, reason: 'WRONG_RECIPIENT', canRetry: false });
    expect(reply.error).toBe(`Transaction was not sent to the payment address ${RECIPIENT.toLowerCase()}`);
  });

  it('when 0.09 SHM is paid, then it is refused as too low, naming both amounts', async () => {
    const wallet = await fundedWallet();
    await as(wallet).initiate();
    const reply = await as(wallet).verify(await pay(wallet, RECIPIENT, '0.09'));
    expect(reply).toMatchObject({ success: false, reason: 'AMOUNT_TOO_LOW', canRetry: false, error: 'Transaction sent 0.09 SHM; the payment is 0.1 SHM' });
  });

  it('when the payment transaction reverted, then it is refused as failed on chain', async () => {
    const wallet = await fundedWallet();
    const reverter = await deployReverter(wallet);
    // A recipient that is a contract reverting every call: the transaction is mined with status 0.
    const strict = await startPayments({ PAYMENT_RECIPIENT: reverter });
    try {
      await as(wallet, strict).initiate();
      const hash = await pay(wallet, reverter, '0.1', { gasLimit: 60_000 });
      const reply = await as(wallet, strict).verify(hash);
      expect(reply).toMatchObject({ success: false, reason: 'TX_REVERTED', canRetry: false, error: 'Transaction failed on chain (reverted); no payment was made' });
    } finally {
      await strict.stop();
    }
  });

  it('when the transaction was mined before the payment session started, then it is refused', async () => {
    const wallet = await fundedWallet();
    const hash = await pay(wallet, RECIPIENT, '0.1');
    clock.advance(10 * 60_000);
    await as(wallet).initiate();
    const reply = await as(wallet).verify(hash);
    expect(reply).toMatchObject({ success: false, reason: 'TX_BEFORE_INTENT', canRetry: false });
  });

  describe('a transaction from another chain', () => {
    let other: Awaited<ReturnType<typeof startOtherChain>>;
    beforeAll(async () => {
      other = await startOtherChain(8083);
    });
    afterAll(() => other.stop());

    it('when the verifier’s RPC turns out to serve another chain, then the payment is refused as not on chain 8118', async () => {
      const wallet = await fundedWallet(other.url);
      const misconfigured = await startPayments({ CHAIN_RPC_URL: other.url });
      try {
        await as(wallet, misconfigured).initiate();
        const hash = await pay(wallet, RECIPIENT, '0.1');
        const reply = await as(wallet, misconfigured).verify(hash);
        expect(reply).toMatchObject({ success: false, reason: 'WRONG_CHAIN', canRetry: false });
        expect(reply.error).toBe('Transaction is not on chain 8118 (the network answered with chain 8083)');
      } finally {
        await misconfigured.stop();
      }
    });

    it('when a testnet (8083) payment is claimed on 8118, then it is not found there, retried, and reported as not found', async () => {
      const wallet = await fundedWallet(other.url);
      await as(wallet).initiate();
      const hash = await pay(wallet, RECIPIENT, '0.1');
      const reply = await as(wallet).verify(hash);
      expect(reply).toMatchObject({ success: false, status: 'failed', reason: 'TX_NOT_FOUND', canRetry: true });
      expect(reply.error).toMatch(/not found/);
    });
  });

  it('when the transaction names no chain id (pre-EIP-155, replayable on any chain), then it is refused as not on chain 8118', async () => {
    const wallet = await fundedWallet();
    await as(wallet).initiate();
    const reply = await as(wallet).verify(await payUnprotected(wallet, RECIPIENT, '0.1'));
    expect(reply).toMatchObject({ success: false, reason: 'WRONG_CHAIN', canRetry: false, error: 'Transaction is not on chain 8118 (it names no chain id)' });
  });

  it('when verify is called without sign-in, with a forged identity, or for another wallet, then it is refused before any check', async () => {
    const wallet = await fundedWallet();
    await as(wallet).initiate();
    const hash = await pay(wallet, RECIPIENT, '0.1');
    const body = { walletAddress: me(wallet), transactionHash: hash };
    const post = (headers: Record<string, string>, payload: unknown = body) =>
      fetch(`${payments.server.url}/api/verify-payment`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(payload) });

    expect((await post({})).status).toBe(401);
    expect((await post({ [IDENTITY_HEADER]: signIdentity({ wallet: me(wallet) }, 'not-the-internal-secret') })).status).toBe(401);
    const other = await fundedWallet();
    const forOther = await post({ [IDENTITY_HEADER]: signIdentity({ wallet: me(other) }, payments.config.INTERNAL_SECRET) });
    expect(forOther.status).toBe(403);
    expect(await forOther.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: 'walletAddress is not the signed-in wallet' } });
    // Nothing was verified by those calls: the payer can still claim the payment.
    expect(await as(wallet).verify(hash)).toMatchObject({ success: true });
  });
});
