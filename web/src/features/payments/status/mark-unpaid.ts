import type { PaymentDeps } from '../state/payment-deps';
import { NO_PAYMENT_STEP } from '../state/ui-store';
import { UNPAID, writePaymentStatus } from './payment-status';

/** Access ended (cleared, expired, another account, or the server no longer knows it): payment is required again. */
export function markUnpaid(deps: PaymentDeps): void {
  const { walletAddress, walletConnected } = deps.ui.get();
  deps.timers.cancel('verify');
  if (walletAddress) writePaymentStatus(deps.queryClient, deps.storage, walletAddress, UNPAID);
  deps.storage.clearSession();
  deps.ui.set({ ...NO_PAYMENT_STEP, justPaid: false, walletAddress: walletConnected ? walletAddress : null });
}
