import { Transaction, parseEther, type Wallet } from 'ethers';
import { me, until, verifySettled } from './support/flow';
import { startPayments, type PaymentsUnderTest } from './support/payments-under-test';
import { startOtherChain } from './support/processes';
import { startRpcProxy, type Rewrite } from './support/rpc-proxy';
import { RECIPIENT, fundedWallet, provider } from '@shm/platform/testing';
import type { InitiatePaymentReply, PaymentSubmittedReply, CheckPaymentStatusReply } from '@shm/contracts';

// A chain of its own (the clock-skew case sets block timestamps), read by payments through a proxy
// that can rewrite one answer: an RPC behind, inconsistent, or missing a block.
jest.setTimeout(60_000);

let chain: { url: string; stop(): Promise<void> };
let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
beforeAll(async () => {
  chain = await startOtherChain(8118);
  proxy = await startRpcProxy(chain.url);
});
afterAll(async () => {
  await proxy.close();
  await chain.stop();
});
afterEach(() => {
  for (const method of ['eth_getBlockByNumber', 'eth_getBlockByHash', 'eth_blockNumber', 'eth_getTransactionByHash']) proxy.rewrite(method, null);
});

const rpc = (method: string, params: unknown[] = []): Promise<unknown> => provider(chain.url).send(method, params);
const hex = (n: number) => `0x${n.toString(16)}`;

/** A 0.1 SHM payment signed now and sent when the test says so (its hash is known before it is mined). */
async function signedPayment(wallet: Wallet) {
  const raw = await wallet.signTransaction(await wallet.populateTransaction({ to: RECIPIENT, value: parseEther('0.1') }));
  return {
    raw,
    async send(): Promise<string> {
      const hash = (await rpc('eth_sendRawTransaction', [raw])) as string;
      await provider(chain.url).waitForTransaction(hash);
      return hash;
    },
  };
}

const initiate = async (payments: PaymentsUnderTest, wallet: Wallet) =>
  (await payments.call<InitiatePaymentReply>('POST', '/api/payment/initiate', { wallet: me(wallet), body: { walletAddress: me(wallet) } })).body as { sessionId: string; createdAt: string };

const report = (payments: PaymentsUnderTest, wallet: Wallet, sessionId: string, hash: string) =>
  payments.call<PaymentSubmittedReply>('POST', '/api/payment/submitted', { wallet: me(wallet), body: { walletAddress: me(wallet), transactionHash: hash, sessionId } });

const session = async (payments: PaymentsUnderTest, sessionId: string) => {
  const intent = await payments.service.domain.intents.get(sessionId);
  if (!intent) throw new Error(`no payment session ${sessionId} is stored`);
  return intent;
};

/**
 * Pays and reports while the proxy lies, waits until the worker has read the lie and recorded what it
 * made of it (a reason, or an outcome), and returns the session then; the proxy keeps lying until told.
 */
async function payWhileLying(payments: PaymentsUnderTest, wallet: Wallet, lie: () => void) {
  const { sessionId } = await initiate(payments, wallet);
  lie();
  const rewrittenBefore = proxy.stats.rewritten;
  const hash = await (await signedPayment(wallet)).send();
  expect((await report(payments, wallet, sessionId, hash)).status).toBe(200);
  const checked = async () => {
    const s = await session(payments, sessionId);
    return proxy.stats.rewritten > rewrittenBefore && (s.reason !== undefined || s.status === 'confirmed' || s.status === 'failed');
  };
  await until(checked, 15_000, 'the worker to read the rewritten answer and record the outcome');
  return { sessionId, hash, whileLying: await session(payments, sessionId) };
}

/** Rewrites (or, with null, stops rewriting) every block read, by number or by hash. */
const rewriteBlocks = (rewrite: Rewrite<Record<string, unknown> | null> | null) => {
  proxy.rewrite('eth_getBlockByNumber', rewrite);
  proxy.rewrite('eth_getBlockByHash', rewrite);
};

const lyingSettings = { VERIFY_ATTEMPTS: '30', VERIFY_BACKOFF_MS: '100' };

describe('payment rules against an RPC that is behind or inconsistent', () => {
  it('when the block of the receipt cannot be read (no block, so no timestamp), then the payment keeps verifying, and is confirmed once the block is there', async () => {
    const payments = await startPayments({ CHAIN_RPC_URL: proxy.url, ...lyingSettings });
    try {
      const wallet = await fundedWallet(chain.url);
      const noBlock = () => {
        rewriteBlocks(() => null);
      };
      const { sessionId, whileLying } = await payWhileLying(payments, wallet, noBlock);
      expect(whileLying).toMatchObject({ status: 'verifying', reason: 'TX_PENDING', canRetry: true });
      expect(await payments.service.domain.grants.current(me(wallet), new Date())).toBeNull();

      rewriteBlocks(null);
      await until(async () => (await session(payments, sessionId)).status === 'confirmed', 15_000, 'the confirmation once the block is readable');
    } finally {
      await payments.stop();
    }
  });

  it('when the block comes back without its timestamp field, then the payment keeps verifying as being processed, and is confirmed once the block is whole', async () => {
    const payments = await startPayments({ CHAIN_RPC_URL: proxy.url, ...lyingSettings });
    try {
      const wallet = await fundedWallet(chain.url);
      const noTimestamp = () => {
        const strip = (block: Record<string, unknown> | null) => (block ? { ...block, timestamp: undefined } : block);
        rewriteBlocks(strip);
      };
      const { sessionId, whileLying } = await payWhileLying(payments, wallet, noTimestamp);
      // ethers cannot read a block without a timestamp: the answer counts as an RPC failure, retried.
      expect(whileLying).toMatchObject({ status: 'verifying', reason: 'RPC_UNAVAILABLE', canRetry: true });
      expect(whileLying.error).toMatch(/being processed/);

      rewriteBlocks(null);
      await until(async () => (await session(payments, sessionId)).status === 'confirmed', 15_000, 'the confirmation once the block is whole');
    } finally {
      await payments.stop();
    }
  });

  it("when the RPC's latest block is behind the receipt's block, then the payment is not confirmed (0 confirmations), and is once the head catches up", async () => {
    const payments = await startPayments({ CHAIN_RPC_URL: proxy.url, ...lyingSettings });
    try {
      const wallet = await fundedWallet(chain.url);
      // The chain automines, so the head is the receipt's block: one behind it is a node that lags.
      const behind = () => proxy.rewrite('eth_blockNumber', (head: string) => hex(Number(head) - 1));
      const { sessionId, whileLying } = await payWhileLying(payments, wallet, behind);
      expect(whileLying).toMatchObject({ status: 'verifying', reason: 'TX_PENDING', canRetry: true });

      proxy.rewrite('eth_blockNumber', null);
      await until(async () => (await session(payments, sessionId)).status === 'confirmed', 15_000, 'the confirmation once the head is read right');
    } finally {
      await payments.stop();
    }
  });

  it('when the transaction and its receipt name different blocks, then the payment is not confirmed on that answer, and is once both agree', async () => {
    const payments = await startPayments({ CHAIN_RPC_URL: proxy.url, ...lyingSettings });
    try {
      const wallet = await fundedWallet(chain.url);
      await rpc('hardhat_mine', ['0x3']);
      // The node answering for the transaction saw it one block earlier (another fork, or a node apart).
      const otherBlock = () =>
        proxy.rewrite('eth_getTransactionByHash', (tx: Record<string, string> | null) =>
          tx?.blockNumber ? { ...tx, blockNumber: hex(Number(tx.blockNumber) - 1), blockHash: `0x${'ab'.repeat(32)}` } : tx,
        );
      const { sessionId, hash, whileLying } = await payWhileLying(payments, wallet, otherBlock);
      expect(whileLying).toMatchObject({ status: 'verifying', reason: 'TX_PENDING', canRetry: true });
      expect(await payments.service.domain.payments.byTransaction(8118, hash)).toBeNull();

      proxy.rewrite('eth_getTransactionByHash', null);
      await until(async () => (await session(payments, sessionId)).status === 'confirmed', 15_000, 'the confirmation once both answers agree');
      const receipt = await provider(chain.url).getTransactionReceipt(hash);
      expect(await payments.service.domain.payments.byTransaction(8118, hash)).toMatchObject({ sessionId, blockNumber: receipt?.blockNumber });
    } finally {
      await payments.stop();
    }
  });

  it("when the block read at the receipt's height is another fork's (another hash, a timestamp before the session), then the payment is not refused for it, and is confirmed", async () => {
    const payments = await startPayments({ CHAIN_RPC_URL: proxy.url, ...lyingSettings });
    try {
      const wallet = await fundedWallet(chain.url);
      const { sessionId } = await initiate(payments, wallet);
      // A lagging node's block at that height: another hash, mined an hour before the session.
      proxy.rewrite('eth_getBlockByNumber', (block: Record<string, string> | null) =>
        block ? { ...block, hash: `0x${'cd'.repeat(32)}`, timestamp: hex(Number(block.timestamp) - 3600) } : block,
      );
      const hash = await (await signedPayment(wallet)).send();
      expect((await report(payments, wallet, sessionId, hash)).status).toBe(200);
      await until(async () => ['confirmed', 'failed'].includes((await session(payments, sessionId)).status), 15_000, 'the verification to end');
      expect(await session(payments, sessionId)).toMatchObject({ status: 'confirmed' });
    } finally {
      await payments.stop();
    }
  });
});

describe('the clock-skew boundary on a real chain (PAYMENT_CLOCK_SKEW_S = 60)', () => {
  it('when a payment is mined exactly 60 s before its session started, then it counts; 61 s before, it is refused as mined before the session', async () => {
    const atSkew = await fundedWallet(chain.url);
    const beyond = await fundedWallet(chain.url);
    // The service clock stands still on a whole second an hour past the chain's head, so the test can
    // mine blocks at chosen seconds before it (block timestamps only move forward).
    const head = await provider(chain.url).getBlock('latest');
    if (!head) throw new Error('the chain answered no latest block');
    const startedS = head.timestamp + 3600;
    const payments = await startPayments({ CHAIN_RPC_URL: chain.url, PAYMENT_CLOCK_SKEW_S: '60', VERIFY_BACKOFF_MS: '100' }, { now: () => new Date(startedS * 1000) });
    try {
      const late = await initiate(payments, beyond);
      const onTime = await initiate(payments, atSkew);
      expect(late.createdAt).toBe(new Date(startedS * 1000).toISOString());

      const lateTx = await signedPayment(beyond);
      const onTimeTx = await signedPayment(atSkew);
      await rpc('evm_setNextBlockTimestamp', [startedS - 61]);
      const lateHash = await lateTx.send();
      await rpc('evm_setNextBlockTimestamp', [startedS - 60]);
      const onTimeHash = await onTimeTx.send();
      const onTimeReceipt = await provider(chain.url).getTransactionReceipt(onTimeHash);
      if (!onTimeReceipt) throw new Error('the on-time payment was not mined');
      expect((await provider(chain.url).getBlock(onTimeReceipt.blockNumber))?.timestamp).toBe(startedS - 60);

      const verify = (wallet: Wallet, hash: string) => verifySettled(payments, me(wallet), hash);
      expect(await verify(atSkew, onTimeHash)).toMatchObject({ success: true, status: 'confirmed', sessionId: onTime.sessionId });
      expect(await verify(beyond, lateHash)).toMatchObject({
        success: false,
        status: 'failed',
        sessionId: late.sessionId,
        reason: 'TX_BEFORE_INTENT',
        canRetry: false,
        error: 'Transaction was mined before this payment session started; start a new payment',
      });
    } finally {
      await payments.stop();
    }
  });
});

describe('a stale verification job', () => {
  it("when a job names a session that now holds another hash, then it is refused without touching the session, and the session's own transaction still confirms it", async () => {
    const payments = await startPayments({ CHAIN_RPC_URL: chain.url, VERIFY_ATTEMPTS: '10', VERIFY_BACKOFF_MS: '100' });
    try {
      const wallet = await fundedWallet(chain.url);
      // A valid 0.1 SHM payment the session does not hold, and the session's own, signed but not sent yet.
      const other = await (await signedPayment(wallet)).send();
      const own = await signedPayment(wallet);
      const { sessionId } = await initiate(payments, wallet);
      const ownTxHash = Transaction.from(own.raw).hash;
      if (!ownTxHash) throw new Error('the signed payment has no hash');
      expect((await report(payments, wallet, sessionId, ownTxHash)).status).toBe(200);
      await until(async () => (await session(payments, sessionId)).reason === 'TX_NOT_FOUND', 10_000, 'the session to wait for its own transaction');

      const stale = { sessionId, txHash: other, wallet: me(wallet) };
      await payments.service.domain.queue.enqueue(stale);
      await until(async () => !(await payments.service.domain.queue.isQueued(stale)), 10_000, 'the stale job to finish');

      // Still as its own job leaves it between retries (ten attempts take far longer than this test).
      expect(await session(payments, sessionId)).toMatchObject({ txHash: ownTxHash, status: 'verifying', reason: 'TX_NOT_FOUND', canRetry: true });
      expect(await payments.service.domain.payments.byTransaction(8118, other)).toBeNull();
      expect(await payments.service.domain.grants.bySession(sessionId)).toBeNull();

      await own.send();
      await payments.call<CheckPaymentStatusReply>('POST', `/api/check-payment-status/${me(wallet)}`, { wallet: me(wallet) });
      await until(async () => (await session(payments, sessionId)).status === 'confirmed', 20_000, "the session's own transaction to confirm it");
      expect(await payments.service.domain.payments.byTransaction(8118, ownTxHash)).toMatchObject({ sessionId });
      expect(await payments.service.domain.payments.byTransaction(8118, other)).toBeNull();
    } finally {
      await payments.stop();
    }
  });
});
