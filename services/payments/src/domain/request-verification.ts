import type { VerifyPaymentReply } from '@shm/contracts';
import { hoursRemaining, isValidGrant } from './access';
import type { PaymentsDomain } from './deps';
import type { PaymentIntent } from './ports';
import { problem, type VerificationProblem } from './refusals';

const QUEUED = 'Payment is being processed: verification has started';

function refused(problem: VerificationProblem, txHash: string, sessionId?: string): VerifyPaymentReply {
  return { success: false, status: 'failed', transactionHash: txHash, sessionId, hoursRemaining: 0, reason: problem.reason, error: problem.message, canRetry: problem.retryable };
}

async function replyFor(domain: PaymentsDomain, intent: PaymentIntent, txHash: string): Promise<VerifyPaymentReply> {
  const base = { transactionHash: txHash, sessionId: intent.id, hoursRemaining: 0 };
  if (intent.status === 'confirmed') {
    const grant = await domain.grants.bySession(intent.id);
    const now = domain.now();
    if (!isValidGrant(grant, now)) return refused(problem('TX_ALREADY_USED', domain.terms), txHash, intent.id);
    const { expiresAt } = grant;
    return { ...base, success: true, status: 'confirmed', expiresAt: expiresAt.toISOString(), hoursRemaining: hoursRemaining(expiresAt, now), canRetry: false };
  }
  if (intent.status === 'failed') return { ...base, success: false, status: 'failed', reason: intent.reason, error: intent.error, canRetry: intent.canRetry ?? false };
  return { ...base, success: false, status: 'verifying', reason: intent.reason ?? 'TX_PENDING', error: intent.error ?? QUEUED, canRetry: true };
}

/** The wallet's session this transaction was reported for, else its newest session without one (now tied to it). */
async function intentFor(domain: PaymentsDomain, wallet: string, txHash: string): Promise<PaymentIntent | null> {
  const reported = await domain.intents.forTransaction(wallet, txHash);
  if (reported) return reported;
  const open = await domain.intents.latestOpen(wallet);
  if (!open) return null;
  const changes = { txHash, status: 'submitted' as const, submittedAt: domain.now() };
  await domain.intents.update(open.id, changes);
  return { ...open, ...changes };
}

/**
 * Spec §7 verify-payment: queues the on-chain check (once per transaction and wallet) and answers at
 * once with where the payment stands: confirmed or refused when that is known, else 'being
 * processed'. The outcome reaches the page on its status stream (GET /api/payment/events).
 */
export async function requestVerification(domain: PaymentsDomain, wallet: string, txHash: string): Promise<VerifyPaymentReply> {
  const used = await domain.payments.byTransaction(domain.terms.chainId, txHash);
  if (used && used.wallet !== wallet) return refused(problem('TX_ALREADY_USED', domain.terms), txHash);
  const intent = await intentFor(domain, wallet, txHash);
  if (!intent) return refused(problem('NO_PAYMENT_SESSION', domain.terms), txHash);
  if (used && used.sessionId !== intent.id) return refused(problem('TX_ALREADY_USED', domain.terms), txHash, intent.id);
  if (intent.status === 'confirmed' || (intent.status === 'failed' && !intent.canRetry)) return replyFor(domain, intent, txHash);

  if (intent.status === 'failed') await domain.intents.update(intent.id, { status: 'submitted', reason: undefined, error: undefined, canRetry: undefined });
  const job = { sessionId: intent.id, txHash, wallet };
  await domain.queue.enqueue(job);
  return replyFor(domain, (await domain.intents.get(intent.id)) ?? intent, txHash);
}
