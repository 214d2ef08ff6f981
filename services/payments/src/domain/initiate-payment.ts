import type { InitiatePaymentReply } from '@shm/contracts';
import type { PaymentsDomain } from './deps';

/** Spec §7 payment/initiate: a new payment intent; only a transaction mined after it can pay for it. */
export async function initiatePayment(d: PaymentsDomain, wallet: string): Promise<InitiatePaymentReply> {
  const createdAt = d.now();
  const { chainId, recipient, amountWei, amountShm } = d.terms;
  const id = d.newId();
  await d.intents.create({ id, wallet, chainId, recipient, amountWei, status: 'initiated', createdAt });
  return {
    success: true,
    sessionId: id,
    recipient,
    amount: amountShm,
    amountWei: amountWei.toString(),
    chainId,
    createdAt: createdAt.toISOString(),
  };
}
