import { parseEther, type Wallet } from 'ethers';
import { eventStream, type InitiatePaymentReply, type PaymentSubmittedReply, type WalletSessionInfoReply, type CheckPaymentStatusReply } from '@shm/contracts';
import { createRedis, type Redis } from '@shm/platform/redis';
import { reconcileGrants } from '../src/domain/reconcile-grants';
import { REDIS_URL } from './support/env';
import { me, payAndReport, until } from './support/flow';
import { startPayments, type PaymentsUnderTest } from './support/payments-under-test';
import { startOtherChain } from './support/processes';
import { startRpcProxy } from './support/rpc-proxy';
import { RECIPIENT, controlledClock, fundedWallet, provider } from '@shm/platform/testing';

// A chain of its own: evm_revert rewinds every account on it.
jest.setTimeout(90_000);

let chain: { url: string; stop(): Promise<void> };
beforeAll(async () => {
  chain = await startOtherChain(8118);
});
afterAll(() => chain.stop());

/**
 * Scheduled rounds every 300 ms; a missing transaction is withdrawn once a round 600 ms after the
 * first miss still misses it (the tests below that run the rounds themselves move the clock instead).
 */
const QUICK_ROUNDS = { RECONCILE_INTERVAL_MS: '300', RECONCILE_ABSENCE_MS: '600' };

const rpc = (method: string, params: unknown[] = []): Promise<unknown> => provider(chain.url).send(method, params);

/** Wallets named in the last events of one stream (`access.revoked` or `payment.confirmed`). */
const walletsIn = async (redis: Redis, name: 'access.revoked' | 'payment.confirmed') =>
  ((await redis.xrevrange(eventStream(name), '+', '-', 'COUNT', 200)) as [string, string[]][]).map(([id, fields]) => {
    const data = fields[fields.indexOf('data') + 1];
    if (data === undefined) throw new Error(`event ${id} on ${name} has no data`);
    return (JSON.parse(data) as { wallet: string }).wallet;
  });

/** Starts a session and pays 0.1 SHM with a transaction whose signed bytes are kept, so the same transaction can be mined again after a reorg. */
async function payKeepingRaw(payments: PaymentsUnderTest, wallet: Wallet) {
  const body = { walletAddress: me(wallet) };
  const { sessionId } = (await payments.call<InitiatePaymentReply>('POST', '/api/payment/initiate', { wallet: me(wallet), body })).body;
  const raw = await wallet.signTransaction(await wallet.populateTransaction({ to: RECIPIENT, value: parseEther('0.1') }));
  const mine = async () => {
    const hash = (await rpc('eth_sendRawTransaction', [raw])) as string;
    await provider(chain.url).waitForTransaction(hash);
    return hash;
  };
  const hash = await mine();
  const reported = await payments.call<PaymentSubmittedReply>('POST', '/api/payment/submitted', { wallet: me(wallet), body: { ...body, transactionHash: hash, sessionId } });
  expect(reported.status).toBe(200);
  return { sessionId, hash, mineAgain: mine };
}

/**
 * A wallet pays and gets access; then the RPC goes away and the payment's block is reverted. Resolves
 * with the wallet once `failures` reconciliation reads have failed against the unreachable RPC.
 */
async function paidThenRevertedWhileRpcDown(payments: PaymentsUnderTest, proxy: Awaited<ReturnType<typeof startRpcProxy>>, failures: number) {
  const wallet = await fundedWallet(chain.url);
  const snapshot = await rpc('evm_snapshot');
  await payAndReport(payments, wallet);
  await until(async () => (await status(payments, wallet)).isPaid, 15_000, 'the payment to be confirmed');

  proxy.setMode('fail');
  expect(await rpc('evm_revert', [snapshot])).toBe(true);
  const failedBefore = proxy.stats.failed;
  await until(() => proxy.stats.failed >= failedBefore + failures, 10_000, `${failures} reconciliation reads to fail`);
  return wallet;
}

const sessionInfo = (payments: PaymentsUnderTest, wallet: Wallet) =>
  payments.call<WalletSessionInfoReply>('GET', `/api/wallet/${me(wallet)}/session-info`, { wallet: me(wallet) }).then((r) => r.body.sessionInfo);

const status = (payments: PaymentsUnderTest, wallet: Wallet) =>
  payments.call<CheckPaymentStatusReply>('POST', `/api/check-payment-status/${me(wallet)}`, { wallet: me(wallet) }).then((r) => r.body);

describe('reorgs', () => {
  it('when PAYMENT_CONFIRMATIONS is 3, then a payment with 1 confirmation waits, and is confirmed once 2 more blocks are mined', async () => {
    const payments = await startPayments({ CHAIN_RPC_URL: chain.url, PAYMENT_CONFIRMATIONS: '3', VERIFY_BACKOFF_MS: '100', VERIFY_ATTEMPTS: '20' });
    try {
      const wallet = await fundedWallet(chain.url);
      const { sessionId } = await payAndReport(payments, wallet);
      await until(async () => (await status(payments, wallet)).reason === 'TX_PENDING', 15_000, 'the first check to see 1 of 3 confirmations');
      expect(await status(payments, wallet)).toMatchObject({ status: 'verifying', isPaid: false });
      await rpc('hardhat_mine', ['0x2']);
      await until(async () => (await status(payments, wallet)).isPaid, 15_000, 'the third confirmation');
      expect(await status(payments, wallet)).toMatchObject({ status: 'confirmed', sessionId });
    } finally {
      await payments.stop();
    }
  });

  it('when the block holding a paid transaction is reorganised away, then the grant is withdrawn, access.revoked is published and the payment is verified again', async () => {
    const payments = await startPayments({ CHAIN_RPC_URL: chain.url, ...QUICK_ROUNDS, VERIFY_BACKOFF_MS: '100', VERIFY_ATTEMPTS: '3' });
    const redis = createRedis(REDIS_URL, 'client');
    try {
      const wallet = await fundedWallet(chain.url);
      const snapshot = await rpc('evm_snapshot');
      const { sessionId, hash, mineAgain } = await payKeepingRaw(payments, wallet);
      await until(async () => (await status(payments, wallet)).isPaid, 15_000, 'the payment to be confirmed');

      expect(await rpc('evm_revert', [snapshot])).toBe(true);
      expect(await provider(chain.url).getTransactionReceipt(hash)).toBeNull();
      await until(async () => !(await status(payments, wallet)).isPaid, 15_000, 'the grant to be withdrawn');

      // The grant is withdrawn first and the event published right after: wait for it, do not race it.
      await until(async () => (await walletsIn(redis, 'access.revoked')).includes(me(wallet)), 5000, 'access.revoked for the wallet');
      expect(await payments.service.domain.payments.byTransaction(8118, hash)).toBeNull();
      // Verified again from the start: the transaction is gone, so it ends as not found (and may be retried).
      await until(async () => (await payments.service.domain.intents.get(sessionId))?.status === 'failed', 20_000, 'the re-verification to end');
      expect(await payments.service.domain.intents.get(sessionId)).toMatchObject({ reason: 'TX_NOT_FOUND', canRetry: true });

      // Later the same transaction is mined again (the wallet, or anyone, rebroadcasts it): the page's
      // status check queues the session again and access comes back, on the same session and hash.
      expect(await mineAgain()).toBe(hash);
      const remined = await provider(chain.url).getTransactionReceipt(hash);
      await status(payments, wallet);
      await until(async () => (await status(payments, wallet)).isPaid, 15_000, 'access granted again');
      expect(await status(payments, wallet)).toMatchObject({ status: 'confirmed', sessionId });
      expect(await sessionInfo(payments, wallet)).toMatchObject({ isValid: true, sessionId, transactionHash: hash });
      expect(await payments.service.domain.payments.byTransaction(8118, hash)).toMatchObject({ sessionId, blockNumber: remined?.blockNumber });
      expect((await walletsIn(redis, 'payment.confirmed')).filter((w) => w === me(wallet))).toHaveLength(2);
    } finally {
      redis.disconnect();
      await payments.stop();
    }
  });

  it('when a reorganised-away transaction is mined again while its session is being verified again, then access is granted again without the page asking', async () => {
    const payments = await startPayments({ CHAIN_RPC_URL: chain.url, ...QUICK_ROUNDS, VERIFY_BACKOFF_MS: '100', VERIFY_ATTEMPTS: '30' });
    try {
      const wallet = await fundedWallet(chain.url);
      const snapshot = await rpc('evm_snapshot');
      const { sessionId, hash, mineAgain } = await payKeepingRaw(payments, wallet);
      await until(async () => (await sessionInfo(payments, wallet)).isValid, 15_000, 'the payment to be confirmed');
      const first = await payments.service.domain.grants.bySession(sessionId);

      expect(await rpc('evm_revert', [snapshot])).toBe(true);
      await until(async () => (await payments.service.domain.intents.get(sessionId))?.reason === 'TX_NOT_FOUND', 15_000, 'the session to be verified again and find nothing');
      expect(await sessionInfo(payments, wallet)).toMatchObject({ isValid: false });

      expect(await mineAgain()).toBe(hash);
      await until(async () => (await sessionInfo(payments, wallet)).isValid, 15_000, 'access granted again by the retrying check');
      const again = await payments.service.domain.grants.bySession(sessionId);
      if (!first || !again) throw new Error('a grant of the session is missing');
      expect(again.grantedAt.getTime()).toBeGreaterThan(first.grantedAt.getTime());
      expect(again.expiresAt.getTime() - again.grantedAt.getTime()).toBe(24 * 3_600_000);
    } finally {
      await payments.stop();
    }
  });

  it('when the RPC cannot be reached during reconciliation, then the grant is kept (not withdrawn for want of an answer), and withdrawn once the RPC answers again', async () => {
    const proxy = await startRpcProxy(chain.url);
    const payments = await startPayments({ CHAIN_RPC_URL: proxy.url, ...QUICK_ROUNDS, VERIFY_BACKOFF_MS: '100', VERIFY_ATTEMPTS: '3' });
    const redis = createRedis(REDIS_URL, 'client');
    try {
      const wallet = await paidThenRevertedWhileRpcDown(payments, proxy, 3);
      expect(await sessionInfo(payments, wallet)).toMatchObject({ isValid: true });
      expect(await walletsIn(redis, 'access.revoked')).not.toContain(me(wallet));

      proxy.setMode('pass');
      await until(async () => !(await sessionInfo(payments, wallet)).isValid, 10_000, 'the grant to be withdrawn once the RPC answers');
      await until(async () => (await walletsIn(redis, 'access.revoked')).includes(me(wallet)), 5000, 'access.revoked for the wallet');
    } finally {
      redis.disconnect();
      await payments.stop();
      await proxy.close();
    }
  });

  it('when the RPC is unreachable until after the reconciliation window has closed, then the grant is still re-read once it answers, and withdrawn if its transaction is gone', async () => {
    const clock = controlledClock();
    const proxy = await startRpcProxy(chain.url);
    const payments = await startPayments(
      { CHAIN_RPC_URL: proxy.url, ...QUICK_ROUNDS, RECONCILE_WINDOW_MS: '60000', VERIFY_BACKOFF_MS: '100', VERIFY_ATTEMPTS: '3' },
      { now: clock.now },
    );
    try {
      const wallet = await paidThenRevertedWhileRpcDown(payments, proxy, 2);
      // The outage outlasts the window: the grant is now older than RECONCILE_WINDOW_MS (1 minute).
      clock.advance(2 * 60_000);
      await new Promise((r) => setTimeout(r, 600));
      expect(await sessionInfo(payments, wallet)).toMatchObject({ isValid: true });

      proxy.setMode('pass');
      await until(async () => !(await sessionInfo(payments, wallet)).isValid, 10_000, 'the grant to be withdrawn once the RPC answers again');
    } finally {
      await payments.stop();
      await proxy.close();
    }
  });

  it('when a grant is older than the reconciliation window and was seen mined after it closed, then a later reorg does not withdraw it, while a younger grant is withdrawn', async () => {
    const clock = controlledClock();
    const windowMs = 60_000;
    const absenceMs = 30_000;
    // No scheduled round during the test: the rounds are run here, one at a time, as the schedule would.
    const payments = await startPayments(
      { CHAIN_RPC_URL: chain.url, RECONCILE_INTERVAL_MS: '3600000', RECONCILE_WINDOW_MS: String(windowMs), PAYMENT_CLOCK_SKEW_S: '300', VERIFY_BACKOFF_MS: '100', VERIFY_ATTEMPTS: '3' },
      { now: clock.now },
    );
    const redis = createRedis(REDIS_URL, 'client');
    const round = () => reconcileGrants(payments.service.domain, { windowMs, absenceMs });
    try {
      const old = await fundedWallet(chain.url);
      const young = await fundedWallet(chain.url);
      const snapshot = await rpc('evm_snapshot');
      await payAndReport(payments, old);
      await until(async () => (await sessionInfo(payments, old)).isValid, 15_000, 'the first payment to be confirmed');
      expect(await round()).toEqual({ checked: 1, withdrawn: 0, absent: 0 });

      // 61 s later by the service clock (the skew of 300 s lets the chain's own clock lag that much).
      clock.advance(windowMs + 1000);
      await payAndReport(payments, young);
      await until(async () => (await sessionInfo(payments, young)).isValid, 15_000, 'the second payment to be confirmed');
      // The old grant is read once more now that its window has closed, found mined, and settled.
      expect(await round()).toEqual({ checked: 2, withdrawn: 0, absent: 0 });
      // From now on only the young grant is re-read.
      expect(await round()).toEqual({ checked: 1, withdrawn: 0, absent: 0 });

      expect(await rpc('evm_revert', [snapshot])).toBe(true);
      // The first miss is only noted; a read 30 s (RECONCILE_ABSENCE_MS) later that misses it too withdraws it.
      expect(await round()).toEqual({ checked: 1, withdrawn: 0, absent: 1 });
      expect(await sessionInfo(payments, young)).toMatchObject({ isValid: true });
      clock.advance(absenceMs);
      expect(await round()).toEqual({ checked: 1, withdrawn: 1, absent: 0 });
      expect(await sessionInfo(payments, young)).toMatchObject({ isValid: false });
      expect(await sessionInfo(payments, old)).toMatchObject({ isValid: true });
      const revoked = await walletsIn(redis, 'access.revoked');
      expect(revoked).toContain(me(young));
      expect(revoked).not.toContain(me(old));
    } finally {
      redis.disconnect();
      await payments.stop();
    }
  });

  it('when the RPC answers "not found" for a paid transaction (a lagging node behind a load balancer) and finds it on the next read, then the grant is kept; missing on reads RECONCILE_ABSENCE_MS apart, it is withdrawn', async () => {
    const clock = controlledClock();
    const absenceMs = 30_000;
    const proxy = await startRpcProxy(chain.url);
    // No scheduled round during the test: the rounds are run here, one at a time, as the schedule would.
    const payments = await startPayments(
      { CHAIN_RPC_URL: proxy.url, RECONCILE_INTERVAL_MS: '3600000', RECONCILE_ABSENCE_MS: String(absenceMs), VERIFY_BACKOFF_MS: '100', VERIFY_ATTEMPTS: '3' },
      { now: clock.now },
    );
    const redis = createRedis(REDIS_URL, 'client');
    const round = () => reconcileGrants(payments.service.domain, { windowMs: payments.config.RECONCILE_WINDOW_MS, absenceMs });
    // The node the load balancer picks does not know the transaction yet: `eth_getTransactionByHash` answers null.
    const lagging = (on: boolean) => proxy.rewrite('eth_getTransactionByHash', on ? () => null : null);
    try {
      const wallet = await fundedWallet(chain.url);
      await payAndReport(payments, wallet);
      await until(async () => (await sessionInfo(payments, wallet)).isValid, 15_000, 'the payment to be confirmed');

      lagging(true);
      expect(await round()).toEqual({ checked: 1, withdrawn: 0, absent: 1 });
      expect(await sessionInfo(payments, wallet)).toMatchObject({ isValid: true });
      lagging(false);
      clock.advance(absenceMs);
      expect(await round()).toEqual({ checked: 1, withdrawn: 0, absent: 0 });
      expect(await sessionInfo(payments, wallet)).toMatchObject({ isValid: true });
      expect(await status(payments, wallet)).toMatchObject({ status: 'confirmed', isPaid: true });

      // Missing again: the wait starts afresh from this miss, not from the first one (60 s ago).
      lagging(true);
      clock.advance(absenceMs);
      expect(await round()).toEqual({ checked: 1, withdrawn: 0, absent: 1 });
      expect(await sessionInfo(payments, wallet)).toMatchObject({ isValid: true });
      expect(await walletsIn(redis, 'access.revoked')).not.toContain(me(wallet));

      clock.advance(absenceMs);
      expect(await round()).toEqual({ checked: 1, withdrawn: 1, absent: 0 });
      expect(await sessionInfo(payments, wallet)).toMatchObject({ isValid: false });
      await until(async () => (await walletsIn(redis, 'access.revoked')).includes(me(wallet)), 5000, 'access.revoked for the wallet');
    } finally {
      redis.disconnect();
      await payments.stop();
      await proxy.close();
    }
  });
});
