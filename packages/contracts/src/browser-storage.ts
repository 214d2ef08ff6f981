/** Browser localStorage keys (spec §3); the web reads and writes them through one adapter. */
export const STORAGE_KEYS = {
  /** The admin bearer token, restored on page load (spec §4 "Admin session"). */
  adminToken: 'adminToken',
  /** Set by Disconnect: payment checks and auto-connect on load are skipped while it is set (spec §4). */
  walletDisconnected: 'walletDisconnected',
  /** The payment session {isPaid, transactionHash, walletAddress, status, timestamp} (spec §3). */
  paymentSession: 'paymentSession',
  /** A reported payment transaction waiting for verification {transactionHash, wallet} (spec §3). */
  pendingTransaction: 'pendingTransaction',
  featureFlags: 'featureFlags',
  /** The server's payment session id (needed to clear the session). */
  secureSessionId: 'secure_session_id',
  /** The connected wallet's type, under a `wallet_` key so Disconnect clears it with the others. */
  walletType: 'wallet_type',
} as const;

/** Every key starting with one of these belongs to the payment, session or wallet state; Disconnect clears them (spec §3, §4). */
export const PAYMENT_KEY_PREFIXES = ['payment_', 'session_', 'wallet_'] as const;
