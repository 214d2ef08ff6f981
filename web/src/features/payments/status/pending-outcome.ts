import type { PaymentStatus } from '@shm/contracts';
import { NO_PAYMENT_STEP, type PaymentDeps } from '../state/page';
import { TOASTS } from '../texts';
import { applyServerStatus } from './payment-status';

/**
 * How often the page asks for the status (check-payment-status) while a payment is pending and its
 * status stream cannot be opened or has dropped; the stream is the one way otherwise.
 */
export const STATUS_FALLBACK_MS = 5_000;

/**
 * A status from the wallet's status stream, or from the status query when the stream is down: the
 * paid status first (payment-status.ts), then what it says about the transaction this page is
 * waiting for. Refused for good: the page says why and forgets the payment; still being checked (or
 * checks ran out on a passing problem, which Verify Payment retries): the reason shows under the notice.
 */
export function applyPageStatus(deps: PaymentDeps, status: PaymentStatus): void {
  const { walletAddress, pendingHash } = deps.ui.get();
  applyServerStatus(deps.queryClient, deps.storage, status, walletAddress, pendingHash !== null);
  if (!walletAddress || status.wallet.toLowerCase() !== walletAddress.toLowerCase()) return;
  if (status.isPaid || !pendingHash || status.transactionHash?.toLowerCase() !== pendingHash.toLowerCase()) return;
  if (status.status === 'failed' && !status.canRetry) {
    deps.notify(TOASTS.verificationFailed);
    deps.storage.clearSession();
    deps.ui.set({ ...NO_PAYMENT_STEP, error: status.error ?? 'Payment verification failed' });
  } else if (status.error && deps.ui.get().step === 'pending') {
    deps.ui.set({ verifyNote: status.error });
  }
}
