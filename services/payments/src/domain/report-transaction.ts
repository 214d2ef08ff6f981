import { ErrorCode, type PaymentSubmittedReply } from '@shm/contracts';
import { AppError } from '@shm/platform';
import type { PaymentsDomain } from './deps';
import { publishStatus, stateOf } from './payment-status';

const conflict = (message: string) => new AppError(ErrorCode.CONFLICT, 409, message);

/**
 * Spec §7 payment/submitted: ties the transaction to the wallet's payment session and queues its
 * verification at once, so access can follow without the page asking again.
 */
export async function reportTransaction(
  domain: PaymentsDomain,
  wallet: string,
  { sessionId, transactionHash: txHash }: { sessionId: string; transactionHash: string },
): Promise<PaymentSubmittedReply> {
  const intent = await domain.intents.get(sessionId);
  if (!intent || intent.wallet !== wallet) throw AppError.notFound('Payment session not found');
  const other = await domain.intents.forTransaction(wallet, txHash);
  if (other && other.id !== sessionId) throw conflict('This transaction is already reported for another payment session');
  if (intent.txHash && intent.txHash !== txHash) throw conflict('This payment session already has another transaction');

  let status = intent.status;
  if (!intent.txHash) {
    status = 'submitted';
    await domain.intents.update(sessionId, { txHash, status, submittedAt: domain.now() });
  }
  if (status === 'submitted' || status === 'verifying') {
    await domain.queue.enqueue({ sessionId, txHash, wallet });
    await publishStatus(domain, wallet);
  }
  return { success: true, sessionId, transactionHash: txHash, status: stateOf(status) };
}
