import { ACCESS_MS, PAYMENT_KEY_PREFIXES, STORAGE_KEYS } from '@shm/contracts';
import type { PersistedStorage } from '../../../lib/persisted-storage';

/** Spec §3 "Payment session", kept under `paymentSession`. */
export type PaymentSessionStatus = 'pending' | 'pending_backend_save' | 'confirmed';
export interface PaymentSession {
  isPaid: boolean;
  transactionHash: string;
  walletAddress: string;
  status: PaymentSessionStatus;
  /** ms since the epoch, when the session was written. */
  timestamp: number;
}
/** Spec §3 "Pending transaction", kept under `pendingTransaction`. */
export interface PendingTransaction {
  transactionHash: string;
  wallet: string;
}
export type WalletType = 'browser' | 'walletconnect';

const STATUSES: readonly unknown[] = ['pending', 'pending_backend_save', 'confirmed'];
const isSession = (v: Partial<PaymentSession> | null | undefined): v is PaymentSession =>
  !!v &&
  typeof v.isPaid === 'boolean' &&
  typeof v.transactionHash === 'string' &&
  typeof v.walletAddress === 'string' &&
  STATUSES.includes(v.status) &&
  Number.isFinite(v.timestamp);

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
      const value = store.readJson(STORAGE_KEYS.paymentSession) as Partial<PaymentSession> | undefined;
      if (value === undefined) return null;
      if (isSession(value) && now - value.timestamp <= ACCESS_MS) return value;
      store.remove(STORAGE_KEYS.paymentSession);
      return null;
    },
    writeSession: (session: PaymentSession) => store.write(STORAGE_KEYS.paymentSession, session),
    readPending(): PendingTransaction | null {
      const v = store.readJson(STORAGE_KEYS.pendingTransaction) as Partial<PendingTransaction> | undefined;
      return typeof v?.transactionHash === 'string' && typeof v.wallet === 'string' ? { transactionHash: v.transactionHash, wallet: v.wallet } : null;
    },
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
