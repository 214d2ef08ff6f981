import { PAYMENT_KEY_PREFIXES, STORAGE_KEYS } from '../../../config/storage-keys';
import { SESSION_VALIDITY_MS } from '../../../config/constants';

/** Spec §3 "Payment session", kept in localStorage under `paymentSession`. */
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

/** The slice of the Web Storage API used here (localStorage, or a stand-in in tests). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** A store with localStorage's surface kept in memory: the fallback where storage is blocked, and the tests'. */
export function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, String(v)),
    removeItem: (k) => void data.delete(k),
    key: (i) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  };
}

/** The connected wallet's type, under a `wallet_` key so Disconnect clears it with the others (spec §3). */
export const WALLET_TYPE_KEY = 'wallet_type';

const STATUSES: readonly PaymentSessionStatus[] = ['pending', 'pending_backend_save', 'confirmed'];

const UNREADABLE = Symbol('unreadable');
const readJson = (store: KeyValueStore, key: string): unknown => {
  try {
    const raw = store.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return UNREADABLE;
  }
};
const write = (store: KeyValueStore, key: string, value: unknown) => {
  try {
    store.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // Storage full or unavailable (private mode): the state lasts for this page only.
  }
};
const remove = (store: KeyValueStore, key: string) => {
  try {
    store.removeItem(key);
  } catch {
    // see write()
  }
};

const isSession = (value: unknown): value is PaymentSession => {
  const v = value as Partial<PaymentSession> | null;
  return (
    !!v &&
    typeof v.isPaid === 'boolean' &&
    typeof v.transactionHash === 'string' &&
    typeof v.walletAddress === 'string' &&
    STATUSES.includes(v.status as PaymentSessionStatus) &&
    typeof v.timestamp === 'number' &&
    Number.isFinite(v.timestamp)
  );
};

/** The stored session; one older than 24 hours (or unreadable) is discarded when read (spec §4). */
export function readPaymentSession(store: KeyValueStore, now = Date.now()): PaymentSession | null {
  const value = readJson(store, STORAGE_KEYS.paymentSession);
  if (value === null) return null;
  if (!isSession(value) || now - value.timestamp > SESSION_VALIDITY_MS) {
    remove(store, STORAGE_KEYS.paymentSession);
    return null;
  }
  return value;
}

export const writePaymentSession = (store: KeyValueStore, session: PaymentSession) => write(store, STORAGE_KEYS.paymentSession, session);

/** A session is valid only if isPaid is true (spec §4). */
export const isSessionValid = (session: PaymentSession | null): session is PaymentSession => session?.isPaid === true;

/** The hash of a pending payment: only when status is pending and a hash exists (spec §4). */
export const pendingHashOf = (session: PaymentSession | null): string | null =>
  session?.status === 'pending' && session.transactionHash ? session.transactionHash : null;

export function readPendingTransaction(store: KeyValueStore): PendingTransaction | null {
  const v = readJson(store, STORAGE_KEYS.pendingTransaction) as Partial<PendingTransaction> | null;
  return v && typeof v === 'object' && typeof v.transactionHash === 'string' && typeof v.wallet === 'string' ? { transactionHash: v.transactionHash, wallet: v.wallet } : null;
}

export const writePendingTransaction = (store: KeyValueStore, pending: PendingTransaction) => write(store, STORAGE_KEYS.pendingTransaction, pending);

/**
 * Whether a stored pending transaction is verified automatically on connect: placeholders
 * ('pending_…') never; others only for the wallet that sent them, case-insensitively (spec §4).
 */
export const shouldAutoVerifyPending = (pending: PendingTransaction | null, connectedWallet: string | null): pending is PendingTransaction =>
  !!pending &&
  !!connectedWallet &&
  !pending.transactionHash.startsWith('pending_') &&
  pending.wallet.toLowerCase() === connectedWallet.toLowerCase();

export const readServerSessionId = (store: KeyValueStore): string | null => {
  try {
    return store.getItem(STORAGE_KEYS.secureSessionId);
  } catch {
    return null;
  }
};
export const writeServerSessionId = (store: KeyValueStore, sessionId: string) => write(store, STORAGE_KEYS.secureSessionId, sessionId);

export const isWalletDisconnected = (store: KeyValueStore) => readJson(store, STORAGE_KEYS.walletDisconnected) === true;
export const setWalletDisconnected = (store: KeyValueStore, disconnected: boolean) =>
  disconnected ? write(store, STORAGE_KEYS.walletDisconnected, 'true') : remove(store, STORAGE_KEYS.walletDisconnected);

/** The wallet to reconnect on page load (spec §4): the type stored by the last connection, unless the visitor disconnected. */
export function walletToRestore(store: KeyValueStore): 'browser' | 'walletconnect' | null {
  if (isWalletDisconnected(store)) return null;
  try {
    const stored = store.getItem(WALLET_TYPE_KEY);
    return stored === 'browser' || stored === 'walletconnect' ? stored : null;
  } catch {
    return null;
  }
}

/** Clear session (spec §4): the payment session and its pending transaction go; payment is required again. */
export function clearPaymentSession(store: KeyValueStore): void {
  for (const key of [STORAGE_KEYS.paymentSession, STORAGE_KEYS.pendingTransaction, STORAGE_KEYS.secureSessionId]) remove(store, key);
}

/** Disconnect (spec §4): the payment session, pending transaction, session id and every payment_/session_/wallet_ key. */
export function clearWalletStorage(store: KeyValueStore): void {
  clearPaymentSession(store);
  const prefixed: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key && PAYMENT_KEY_PREFIXES.some((prefix) => key.startsWith(prefix))) prefixed.push(key);
  }
  for (const key of prefixed) remove(store, key);
}
