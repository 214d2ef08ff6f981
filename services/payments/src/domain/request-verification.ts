import type { VerifyPaymentReply } from '@shm/contracts';
import { hoursRemaining, isValidGrant } from './access';
import type { PaymentsDomain } from './deps';
import type { PaymentIntent } from './ports';
import { problem, type VerificationProblem } from './refusals';

const QUEUED = 'Payment is being processed: verification has started';

function refused(p: VerificationProblem, txHash: string, sessionId?: string): VerifyPaymentReply {
  return { success: false, status: 'failed', transactionHash: txHash, sessionId, hoursRemaining: 0, reason: p.reason, error: p.message, canRetry: p.retryable };
}

async function replyFor(d: PaymentsDomain, intent: PaymentIntent, txHash: string): Promise<VerifyPaymentReply> {
  const base = { transactionHash: txHash, sessionId: intent.id, hoursRemaining: 0 };
  if (intent.status === 'confirmed') {
    const grant = await d.grants.bySession(intent.id);
    const now = d.now();
    if (!isValidGrant(grant, now)) return refused(problem('TX_ALREADY_USED', d.terms), txHash, intent.id);
    const { expiresAt } = grant;
    return { ...base, success: true, status: 'confirmed', expiresAt: expiresAt.toISOString(), hoursRemaining: hoursRemaining(expiresAt, now), canRetry: false };
  }
  if (intent.status === 'failed') return { ...base, success: false, status: 'failed', reason: intent.reason, error: intent.error, canRetry: intent.canRetry ?? false };
  return { ...base, success: false, status: 'verifying', reason: intent.reason ?? 'TX_PENDING', error: intent.error ?? QUEUED, canRetry: true };
}

/** The wallet's session this transaction was reported for, else its newest session without one (now tied to it). */
async function intentFor(d: PaymentsDomain, wallet: string, txHash: string): Promise<PaymentIntent | null> {
  const reported = await d.intents.forTransaction(wallet, txHash);
  if (reported) return reported;
  const open = await d.intents.latestOpen(wallet);
  if (!open) return null;
  const changes = { txHash, status: 'submitted' as const, submittedAt: d.now() };
  await d.intents.update(open.id, changes);
  return { ...open, ...changes };
}

/**
 * Spec §7 verify-payment: queues the on-chain check (once per transaction and wallet) and waits
 * briefly for it, so a quick confirmation answers at once; otherwise the answer is 'being
 * processed' and the event stream reports the outcome later.
 */
export async function requestVerification(d: PaymentsDomain, wallet: string, txHash: string): Promise<VerifyPaymentReply> {
  const used = await d.payments.byTransaction(d.terms.chainId, txHash);
  if (used && used.wallet !== wallet) return refused(problem('TX_ALREADY_USED', d.terms), txHash);
  const intent = await intentFor(d, wallet, txHash);
  if (!intent) return refused(problem('NO_PAYMENT_SESSION', d.terms), txHash);
  if (used && used.sessionId !== intent.id) return refused(problem('TX_ALREADY_USED', d.terms), txHash, intent.id);
  if (intent.status === 'confirmed' || (intent.status === 'failed' && !intent.canRetry)) return replyFor(d, intent, txHash);

  if (intent.status === 'failed') await d.intents.update(intent.id, { status: 'submitted', reason: undefined, error: undefined, canRetry: undefined });
  const job = { sessionId: intent.id, txHash, wallet };
  await d.queue.enqueue(job);
  await d.queue.waitFor(job, d.verifyWaitMs);
  return replyFor(d, (await d.intents.get(intent.id)) ?? intent, txHash);
}
