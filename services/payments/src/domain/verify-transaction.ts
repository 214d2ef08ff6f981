import { confirmPayment } from './confirm-payment';
import type { PaymentsDomain } from './deps';
import { checkPayment } from './payment-rules';
import { publishStatus } from './payment-status';
import { ChainUnavailableError, type ConfirmedObservation, type PaymentIntent, type VerificationJob } from './ports';
import { VerificationProblem, exhausted, problem } from './refusals';

export type VerificationOutcome = { confirmed: true; expiresAt: Date } | { confirmed: false; reason: 'nothing to do' };

function termsOf(domain: PaymentsDomain, intent: PaymentIntent) {
  return {
    ...domain.terms,
    recipient: intent.recipient,
    wallet: intent.wallet,
    amountWei: intent.amountWei,
    notBeforeMs: intent.createdAt.getTime() - domain.terms.clockSkewMs,
  };
}

async function check(domain: PaymentsDomain, intent: PaymentIntent, txHash: string): Promise<ConfirmedObservation> {
  const observation = await domain.chain.observe(txHash).catch((err: unknown) => {
    throw err instanceof ChainUnavailableError ? problem('RPC_UNAVAILABLE', domain.terms) : err;
  });
  const found = checkPayment(observation, termsOf(domain, intent));
  if (found) throw found;
  // checkPayment refuses an observation without these as not found or pending; this tells the types.
  const { tx, receipt, blockTimestamp } = observation;
  if (!tx || !receipt || blockTimestamp === null) throw problem('TX_PENDING', domain.terms);
  return { ...observation, tx, receipt, blockTimestamp };
}

/**
 * The worker's use case: checks the reported transaction on chain and confirms the payment. Throws a
 * VerificationProblem: retryable ones (not found, not yet confirmed, RPC down) until the last
 * attempt, when they are recorded as a failure the caller may retry; final ones at once.
 */
export async function verifyTransaction(
  domain: PaymentsDomain,
  job: VerificationJob,
  { finalAttempt }: { finalAttempt: boolean },
): Promise<VerificationOutcome> {
  const intent = await domain.intents.get(job.sessionId);
  if (!intent || intent.wallet !== job.wallet || intent.txHash !== job.txHash) throw problem('NO_PAYMENT_SESSION', domain.terms);
  if (intent.status === 'confirmed' || (intent.status === 'failed' && !intent.canRetry)) return { confirmed: false, reason: 'nothing to do' };
  if (intent.status !== 'verifying') {
    await domain.intents.update(intent.id, { status: 'verifying' });
    await publishStatus(domain, intent.wallet);
  }
  try {
    const grant = await confirmPayment(domain, intent, await check(domain, intent, job.txHash));
    await publishStatus(domain, intent.wallet);
    return { confirmed: true, expiresAt: grant.expiresAt };
  } catch (err) {
    if (!(err instanceof VerificationProblem)) throw err;
    const final = err.retryable && finalAttempt ? exhausted(err, domain.terms) : err;
    const failed = !err.retryable || finalAttempt;
    await domain.intents.update(intent.id, { status: failed ? 'failed' : 'verifying', reason: final.reason, error: final.message, canRetry: final.retryable });
    await publishStatus(domain, intent.wallet);
    throw final;
  }
}
