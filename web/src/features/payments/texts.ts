import type { ToastOptions } from '../../components/toast/toast-context';
import { shortenAddress } from '../../lib/format';

/** Which page hosts the flow: the admin page words its success toast differently (spec §8). */
export type PageVariant = 'calculator' | 'admin';

const toast = (severity: ToastOptions['severity'], summary: string, detail: string): ToastOptions => ({ severity, summary, detail });

/** The toasts of spec §8 for the wallet and payment flow. */
export const TOASTS = {
  walletConnected: (address: string) => toast('success', 'Wallet Connected', shortenAddress(address)),
  connectionFailed: toast('error', 'Connection Failed', 'Could not connect wallet'),
  disconnected: toast('success', 'Disconnected', 'Wallet disconnected successfully.'),
  disconnectFailed: toast('error', 'Disconnect Failed', 'Unable to disconnect. Please try again.'),
  disconnectError: toast('error', 'Disconnect Error', 'Disconnect failed'),
  paymentConfirmed: toast('success', 'Payment Confirmed', 'Your earlier payment is verified: results are unlocked.'),
  paymentSuccessful: (variant: PageVariant) =>
    toast(
      'success',
      'Payment Successful',
      variant === 'admin' ? 'You now have access to all calculator features!' : 'You can now view the calculation results for 24 hours.',
    ),
  verificationFailed: toast('error', 'Payment Verification Failed', 'Unable to verify payment on blockchain.'),
  verificationError: toast('error', 'Verification Error', 'Network error during payment verification.'),
  sessionCleared: toast('info', 'Session Cleared', 'Payment will be required to access results again.'),
};
