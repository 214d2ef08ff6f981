import type { Wallet } from 'ethers';
import { eventStream } from '@shm/contracts';
import { createRedis } from '@shm/platform';
import { REDIS_URL } from './support/env';
import { me, payAndReport, until } from './support/flow';
import { startPayments, type PaymentsUnderTest } from './support/payments-under-test';
import { startOtherChain } from './support/processes';
import { fundedWallet, provider } from '@shm/platform/testing';

// A chain of its own: evm_revert rewinds every account on it.
jest.setTimeout(90_000);

let chain: { url: string; stop(): Promise<void> };
beforeAll(async () => {
  chain = await startOtherChain(8118);
});
afterAll(() => chain.stop());

const rpc = (method: string, params: unknown[] = []) => provider(chain.url).send(method, params);



const status = (payments: PaymentsUnderTest, wallet: Wallet) =>
  payments.call('POST', `/api/check-payment-status/${me(wallet)}`, { wallet: me(wallet) }).then((r) => r.body);

describe('reorgs', () => {
  it('when PAYMENT_CONFIRMATIONS is 3, then a payment with 1 confirmation waits, and is confirmed once 2 more blocks are mined', async () => {
    const payments = await startPayments({ CHAIN_RPC_URL: chain.url, PAYMENT_CONFIRMATIONS: '3', VERIFY_BACKOFF_MS: '100', VERIFY_ATTEMPTS: '20' });
    try {
      const wallet = await fundedWallet(chain.url);
      const { sessionId } = await payAndReport(payments, wallet);
      await until(async () => (await status(payments, wallet)).reason === 'TX_PENDING', 15_000, 'the first check to see 1 of 3 confirmations');
      expect(await status(payments, wallet)).toMatchObject({ status: 'verifying', isPaid: false });
      await rpc('hardhat_mine', ['0x2']);
      await until(async () => (await status(payments, wallet)).isPaid === true, 15_000, 'the third confirmation');
      expect(await status(payments, wallet)).toMatchObject({ status: 'confirmed', sessionId });
    } finally {
      await payments.stop();
    }
  });

  it('when the block holding a paid transaction is reorganised away, then the grant is withdrawn, access.revoked is published and the payment is verified again', async () => {
    const payments = await startPayments({ CHAIN_RPC_URL: chain.url, RECONCILE_INTERVAL_MS: '300', VERIFY_BACKOFF_MS: '100', VERIFY_ATTEMPTS: '3' });
    const redis = createRedis(REDIS_URL, 'client');
    try {
      const wallet = await fundedWallet(chain.url);
      const snapshot = await rpc('evm_snapshot');
      const { sessionId, hash } = await payAndReport(payments, wallet);
      await until(async () => (await status(payments, wallet)).isPaid === true, 15_000, 'the payment to be confirmed');

      expect(await rpc('evm_revert', [snapshot])).toBe(true);
      expect(await provider(chain.url).getTransactionReceipt(hash)).toBeNull();
      await until(async () => (await status(payments, wallet)).isPaid === false, 15_000, 'the grant to be withdrawn');

      // The grant is withdrawn first and the event published right after: wait for it, do not race it.
      const revokedWallets = async () =>
        ((await redis.xrevrange(eventStream('access.revoked'), '+', '-', 'COUNT', 50)) as [string, string[]][]).map(
          ([, f]) => JSON.parse(f[f.indexOf('data') + 1]!).wallet as string,
        );
      await until(async () => (await revokedWallets()).includes(me(wallet)), 5000, 'access.revoked for the wallet');
      expect(await payments.service.domain.payments.byTransaction(8118, hash)).toBeNull();
      // Verified again from the start: the transaction is gone, so it ends as not found (and may be retried).
      await until(async () => (await payments.service.domain.intents.get(sessionId))?.status === 'failed', 20_000, 'the re-verification to end');
      expect(await payments.service.domain.intents.get(sessionId)).toMatchObject({ reason: 'TX_NOT_FOUND', canRetry: true });
    } finally {
      redis.disconnect();
      await payments.stop();
    }
  });
});
