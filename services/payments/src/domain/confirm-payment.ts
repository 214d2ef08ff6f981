import { grantFor } from './access';
import type { PaymentsDomain } from './deps';
import type { AccessGrant, ConfirmedObservation, PaymentIntent, PaymentRecord } from './ports';
import { problem } from './refusals';

/**
 * Turns a checked transaction into access: records the payment (the unique index on chain + hash
 * is what stops a second use, even by two workers at once), stores the 24-hour grant, then
 * announces it. Every step can run again after a crash without changing the outcome.
 */
export async function confirmPayment(domain: PaymentsDomain, intent: PaymentIntent, observation: ConfirmedObservation): Promise<AccessGrant> {
  const { tx, receipt, blockTimestamp } = observation;
  const now = domain.now();
  const payment: PaymentRecord = {
    chainId: domain.terms.chainId,
    txHash: tx.hash.toLowerCase(),
    wallet: intent.wallet,
    sessionId: intent.id,
    amountWei: tx.valueWei,
    blockNumber: receipt.blockNumber,
    minedAt: new Date(blockTimestamp * 1000),
  };
  if ((await domain.payments.record(payment, now)) === 'duplicate') {
    const first = await domain.payments.byTransaction(payment.chainId, payment.txHash);
    if (first?.sessionId !== intent.id) throw problem('TX_ALREADY_USED', domain.terms);
  }
  const grant = await domain.grants.grant(grantFor(intent, payment.txHash, now));
  await domain.events.confirmed(grant, payment);
  await domain.intents.update(intent.id, { status: 'confirmed', reason: undefined, error: undefined, canRetry: false });
  return grant;
}
