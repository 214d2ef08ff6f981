import type { InitiatePaymentReply, PaymentSubmittedReply } from '@shm/contracts';
import type { Wallet } from 'ethers';
import { RECIPIENT, pay } from '@shm/platform/testing';
import type { PaymentsUnderTest } from './payments-under-test';

export const me = (w: Wallet) => w.address.toLowerCase();

/**
 * verify-payment answers at once ('being processed' while the job runs): asks again, as a client
 * would, until the answer is an outcome or `ms` pass, and returns the last answer. The cap is wide: a
 * hash not found is checked five times with exponential backoff (about 1.5 s of waits), and on a
 * loaded machine the queue's promotions of delayed jobs once took longer than the 5 s cap this had.
 */
export async function settled<T extends { status: string }>(ask: () => Promise<T>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  let reply = await ask();
  while (reply.status === 'verifying' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    reply = await ask();
  }
  return reply;
}

/** Polls until `check` holds, or fails naming what it waited for. */
export async function until(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts a payment session, pays 0.1 SHM on the chain and reports the hash (which queues the check). */
export async function payAndReport(payments: PaymentsUnderTest, wallet: Wallet) {
  const body = { walletAddress: me(wallet) };
  const { sessionId } = (await payments.call<InitiatePaymentReply>('POST', '/api/payment/initiate', { wallet: me(wallet), body })).body;
  const hash = await pay(wallet, RECIPIENT, '0.1');
  const reported = await payments.call<PaymentSubmittedReply>('POST', '/api/payment/submitted', { wallet: me(wallet), body: { ...body, transactionHash: hash, sessionId } });
  expect(reported.status).toBe(200);
  return { sessionId, hash, job: { sessionId, txHash: hash, wallet: me(wallet) } };
}
