import type { InitiatePaymentReply, PaymentSubmittedReply, VerifyPaymentReply } from '@shm/contracts';
import type { Wallet } from 'ethers';
import { RECIPIENT, openEvents, pay } from '@shm/platform/testing';
import { signedIn, type PaymentsUnderTest } from './payments-under-test';

export const me = (w: Wallet) => w.address.toLowerCase();

/**
 * What the page does after paying: opens the wallet's status stream, asks verify-payment once (it
 * answers at once, 'being processed' while the job runs) and, while it is verifying, waits on the
 * stream for this transaction's outcome. Asking verify-payment again instead would not observe a
 * retryable failure: after the last check of a hash not found, verify-payment queues the check once
 * more by design ("verify again to check once more") and answers 'verifying' again, so a loop of asks
 * never settled and its last answer was whichever came at the deadline (a CI failure). Confirmed and
 * final refusals are asked once more, which queues nothing; a retryable failure is the stream's.
 */
export async function verifySettled(payments: PaymentsUnderTest, wallet: string, hash: string, ms = 20_000): Promise<VerifyPaymentReply> {
  const verify = async () => (await payments.call<VerifyPaymentReply>('POST', '/api/verify-payment', { wallet, body: { walletAddress: wallet, transactionHash: hash } })).body;
  const events = await openEvents(`${payments.server.url}/api/payment/events`, signedIn(wallet));
  try {
    const reply = await verify();
    if (reply.status !== 'verifying') return reply;
    const outcome = await events.next((s) => s.transactionHash === hash && (s.status === 'confirmed' || s.status === 'failed'), ms);
    if (outcome.status === 'failed' && outcome.canRetry) {
      const { sessionId, reason, error } = outcome;
      return { success: false, status: 'failed', transactionHash: hash, sessionId, hoursRemaining: 0, reason, error, canRetry: true };
    }
    return await verify();
  } finally {
    events.close();
  }
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
