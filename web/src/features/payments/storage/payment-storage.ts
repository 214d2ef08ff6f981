import { z } from 'zod';
import { ACCESS_MS, PAYMENT_KEY_PREFIXES, STORAGE_KEYS } from '@shm/contracts';
import type { PersistedStorage } from '../../../lib/persisted-storage';

/** Spec §3 "Payment session" (key `paymentSession`) and "Pending transaction" (key `pendingTransaction`). */
const PaymentSessionSchema = z.object({
  isPaid: z.boolean(),
  transactionHash: z.string(),
  walletAddress: z.string(),
  status: z.enum(['pending', 'pending_backend_save', 'confirmed']),
  /** ms since the epoch, when the session was written. */
  timestamp: z.number(), // finite: zod 4 refuses Infinity in any number
});
const PendingTransactionSchema = z.object({ transactionHash: z.string(), wallet: z.string() });
export type PaymentSession = z.infer<typeof PaymentSessionSchema>;
export type PendingTransaction = z.infer<typeof PendingTransactionSchema>;
export type WalletType = 'browser' | 'walletconnect';

/**
 * The spec §3 payment keys over the persisted-storage adapter. The server's payment status is the
 * truth; these keys only let a reload show the paid page at once and find a pending payment again.
 */
export function paymentStorage(store: PersistedStorage) {
  const isDisconnected = () => store.readJson(STORAGE_KEYS.walletDisconnected) === true;
  const clearSession = () => [STORAGE_KEYS.paymentSession, STORAGE_KEYS.pendingTransaction, STORAGE_KEYS.secureSessionId].forEach(store.remove);
  return {
    /** The stored session; one older than 24 hours (or unreadable) is discarded when read (spec §4). */
    readSession(now = Date.now()): PaymentSession | null {
      const value = store.readJson(STORAGE_KEYS.paymentSession);
      if (value === undefined) return null;
      const session = PaymentSessionSchema.safeParse(value);
      if (session.success && now - session.data.timestamp <= ACCESS_MS) return session.data;
      store.remove(STORAGE_KEYS.paymentSession);
      return null;
    },
    writeSession: (session: PaymentSession) => store.write(STORAGE_KEYS.paymentSession, session),
    readPending: (): PendingTransaction | null => PendingTransactionSchema.safeParse(store.readJson(STORAGE_KEYS.pendingTransaction)).data ?? null,
    writePending: (pending: PendingTransaction) => store.write(STORAGE_KEYS.pendingTransaction, pending),
    readSessionId: () => store.read(STORAGE_KEYS.secureSessionId),
    writeSessionId: (id: string) => store.write(STORAGE_KEYS.secureSessionId, id),
    isDisconnected,
    setDisconnected: (on: boolean) => (on ? store.write(STORAGE_KEYS.walletDisconnected, 'true') : store.remove(STORAGE_KEYS.walletDisconnected)),
    /** The wallet to reconnect on page load (spec §4): the type stored by the last connection, unless the visitor disconnected. */
    walletToRestore(): WalletType | null {
      const type = store.read(STORAGE_KEYS.walletType);
      return !isDisconnected() && (type === 'browser' || type === 'walletconnect') ? type : null;
    },
    setWalletType: (type: WalletType | null) => (type ? store.write(STORAGE_KEYS.walletType, type) : store.remove(STORAGE_KEYS.walletType)),
    /** Clear session (spec §4): the payment session, its pending transaction and the server session id. */
    clearSession,
    /** Disconnect (spec §4): those, and every payment_/session_/wallet_ key. */
    clearAll() {
      clearSession();
      store.keys().filter((key) => PAYMENT_KEY_PREFIXES.some((prefix) => key.startsWith(prefix))).forEach(store.remove);
    },
  };
}
export type PaymentStorage = ReturnType<typeof paymentStorage>;

/**
 * Whether a stored pending transaction is verified automatically on connect: placeholders
 * ('pending_…') never; others only for the wallet that sent them, case-insensitively (spec §4).
 */
export const shouldAutoVerifyPending = (pending: PendingTransaction | null, wallet: string): pending is PendingTransaction =>
  !!pending && !pending.transactionHash.startsWith('pending_') && pending.wallet.toLowerCase() === wallet.toLowerCase();

/** The wallet of a valid (paid, under 24 h) session stored in this browser, e.g. for the methodology page's calculations. */
export const storedPaidWallet = (store: PersistedStorage): string | undefined => {
  const session = paymentStorage(store).readSession();
  return session?.isPaid ? session.walletAddress : undefined;
};
