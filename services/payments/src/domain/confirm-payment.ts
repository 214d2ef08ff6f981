import { grantFor } from './access';
import type { PaymentsDomain } from './deps';
import type { AccessGrant, ChainObservation, PaymentIntent, PaymentRecord } from './ports';
import { problem } from './refusals';

/**
 * Turns a checked transaction into access: records the payment (the unique index on chain + hash
 * is what stops a second use, even by two workers at once), stores the 24-hour grant, then
 * announces it. Every step can run again after a crash without changing the outcome.
 */
export async function confirmPayment(d: PaymentsDomain, intent: PaymentIntent, o: ChainObservation): Promise<AccessGrant> {
  const tx = o.tx!;
  const now = d.now();
  const payment: PaymentRecord = {
    chainId: d.terms.chainId,
    txHash: tx.hash.toLowerCase(),
    wallet: intent.wallet,
    sessionId: intent.id,
    amountWei: tx.valueWei,
    blockNumber: o.receipt!.blockNumber,
    minedAt: new Date(o.blockTimestamp! * 1000),
  };
  if ((await d.payments.record(payment, now)) === 'duplicate') {
    const first = await d.payments.byTransaction(payment.chainId, payment.txHash);
    if (first?.sessionId !== intent.id) throw problem('TX_ALREADY_USED', d.terms);
  }
  const grant = await d.grants.grant(grantFor(intent, payment.txHash, now));
  await d.events.confirmed(grant, payment);
  await d.intents.update(intent.id, { status: 'confirmed', reason: undefined, error: undefined, canRetry: false });
  return grant;
}
