import type { CheckPaymentStatusReply } from '@shm/contracts';
import type { PaymentsDomain } from './deps';
import { paymentStatusOf, pendingOf } from './payment-status';

/**
 * Spec §7 check-payment-status: the wallet's status now. A reported transaction whose verification
 * job is gone (e.g. its queue entry was lost), or whose checks ran out while the network was away
 * (failed, but retryable), is queued again, so no payment is left hanging.
 */
export async function checkPaymentStatus(domain: PaymentsDomain, wallet: string): Promise<CheckPaymentStatusReply> {
  const latest = await domain.intents.latest(wallet);
  if (latest?.status === 'failed' && latest.canRetry && latest.txHash) {
    await domain.intents.update(latest.id, { status: 'submitted', reason: undefined, error: undefined, canRetry: undefined });
  }
  const pending = await domain.intents.pending(wallet);
  for (const intent of pending) {
    const job = { sessionId: intent.id, txHash: intent.txHash, wallet };
    if (!(await domain.queue.isQueued(job))) await domain.queue.enqueue(job);
  }
  return { success: true, ...(await paymentStatusOf(domain, wallet)), pendingTransactions: pendingOf(pending) };
}
