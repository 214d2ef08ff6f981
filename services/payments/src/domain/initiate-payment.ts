import type { InitiatePaymentReply } from '@shm/contracts';
import type { PaymentsDomain } from './deps';
import type { PaymentIntent } from './ports';

const replyFor = (d: PaymentsDomain, intent: PaymentIntent): InitiatePaymentReply => ({
  success: true,
  sessionId: intent.id,
  recipient: intent.recipient,
  amount: d.terms.amountShm,
  amountWei: intent.amountWei.toString(),
  chainId: intent.chainId,
  createdAt: intent.createdAt.toISOString(),
});

/**
 * Spec §7 payment/initiate: a new payment intent; only a transaction mined after it can pay for it.
 * A wallet that already holds `maxOpenIntents` sessions without a transaction gets its newest one
 * back instead, so repeated calls cannot grow the store without bound.
 */
export async function initiatePayment(domain: PaymentsDomain, wallet: string): Promise<InitiatePaymentReply> {
  if ((await domain.intents.countOpen(wallet)) >= domain.maxOpenIntents) {
    const newest = await domain.intents.latestOpen(wallet);
    if (newest) return replyFor(domain, newest);
  }
  const { chainId, recipient, amountWei } = domain.terms;
  const intent: PaymentIntent = { id: domain.newId(), wallet, chainId, recipient, amountWei, status: 'initiated', createdAt: domain.now() };
  await domain.intents.create(intent);
  return replyFor(domain, intent);
}
