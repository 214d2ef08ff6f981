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
export async function initiatePayment(d: PaymentsDomain, wallet: string): Promise<InitiatePaymentReply> {
  if ((await d.intents.countOpen(wallet)) >= d.maxOpenIntents) {
    const newest = await d.intents.latestOpen(wallet);
    if (newest) return replyFor(d, newest);
  }
  const { chainId, recipient, amountWei } = d.terms;
  const intent: PaymentIntent = { id: d.newId(), wallet, chainId, recipient, amountWei, status: 'initiated', createdAt: d.now() };
  await d.intents.create(intent);
  return replyFor(d, intent);
}
