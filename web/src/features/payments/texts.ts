import type { ToastOptions } from '../../components/toast/toast-context';
import { shortenAddress } from '../../lib/format';

/** Which page hosts the flow: the admin page words its success toast differently (spec §8). */
export type PageVariant = 'calculator' | 'admin';

/** The toasts of spec §8 for the wallet and payment flow. */
export const TOASTS = {
  walletConnected: (address: string): ToastOptions => ({ severity: 'success', summary: 'Wallet Connected', detail: shortenAddress(address) }),
  connectionFailed: { severity: 'error', summary: 'Connection Failed', detail: 'Could not connect wallet' } as ToastOptions,
  disconnected: { severity: 'success', summary: 'Disconnected', detail: 'Wallet disconnected successfully.' } as ToastOptions,
  disconnectFailed: { severity: 'error', summary: 'Disconnect Failed', detail: 'Unable to disconnect. Please try again.' } as ToastOptions,
  disconnectError: { severity: 'error', summary: 'Disconnect Error', detail: 'Disconnect failed' } as ToastOptions,
  paymentConfirmed: { severity: 'success', summary: 'Payment Confirmed', detail: 'Your earlier payment is verified: results are unlocked.' } as ToastOptions,
  paymentSuccessful: (variant: PageVariant): ToastOptions => ({
    severity: 'success',
    summary: 'Payment Successful',
    detail: variant === 'admin' ? 'You now have access to all calculator features!' : 'You can now view the calculation results for 24 hours.',
  }),
  verificationFailed: { severity: 'error', summary: 'Payment Verification Failed', detail: 'Unable to verify payment on blockchain.' } as ToastOptions,
  verificationError: { severity: 'error', summary: 'Verification Error', detail: 'Network error during payment verification.' } as ToastOptions,
  sessionCleared: { severity: 'info', summary: 'Session Cleared', detail: 'Payment will be required to access results again.' } as ToastOptions,
} as const;
