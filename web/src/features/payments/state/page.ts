import type { QueryClient } from '@tanstack/react-query';
import { ACCESS_MS, type NetworkDefinition, type WalletConnectConfigReply } from '@shm/contracts';
import type { ToastOptions } from '../../../components/toast/toast-context';
import { requiredNetwork } from '../../../lib/wallet/network';
import { walletConnectConfigQueryOptions } from '../api/payment-api';
import { WalletLink } from '../connection/wallet-link';
import { UNPAID, paymentStatusKey, readPaymentStatus, writePaymentStatus, type PaidStatus } from '../status/payment-status';
import { paymentStorage } from '../storage/payment-storage';
import type { PersistedStorage } from '../../../lib/persisted-storage';

/** Where a payment in this page stands; 'pending' is the notice with Verify Payment / Start New Payment. */
export type PayStep = 'idle' | 'initiating' | 'sending' | 'confirming' | 'pending' | 'verifying';

export const NO_CONNECTION = {
  walletConnected: false,
  connection: 'idle' as 'idle' | 'connecting' | 'connected' | 'failed',
  chainOk: false,
  balanceWei: null as bigint | null,
  balanceLoading: false,
  balanceError: null as string | null,
};
export const NO_PAYMENT_STEP = {
  step: 'idle' as PayStep,
  pendingHash: null as string | null,
  /** Why a verification is still waiting ('being processed', 'not found'); shown under the pending notice. */
  verifyNote: null as string | null,
};
/** What this page is doing with the wallet (spec §3), less paid status: that is the payment-status query's. */
export const INITIAL_STATE = {
  ...NO_CONNECTION,
  ...NO_PAYMENT_STEP,
  isChecking: false,
  /** The connected wallet, or before one connects the wallet of the paid session this browser holds. */
  walletAddress: null as string | null,
  error: null as string | null,
  /** Paid during this page visit: the 'Payment Successful' view shows until dismissed. */
  justPaid: false,
  disconnecting: false,
  /** When a 403 last made the page calculate again (at most once a minute). */
  recalculatedAt: 0,
};
export type PageState = typeof INITIAL_STATE;

/** A tiny synchronous store, so async flows always read the latest state and React re-renders on change. */
function createStore(initial: PageState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (patch: Partial<PageState>) => ((state = { ...state, ...patch }), listeners.forEach((listener) => listener())),
    subscribe: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
  };
}

/** Named one-shot timers; scheduling a name again replaces the earlier one. */
function createTimers() {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const cancel = (name: string) => (clearTimeout(timers.get(name)), timers.delete(name));
  const schedule = (name: string, ms: number, run: () => void) => {
    cancel(name);
    timers.set(name, setTimeout(() => (timers.delete(name), run()), ms));
  };
  return { schedule, cancel, cancelAll: () => [...timers.keys()].forEach(cancel) };
}

export function createPaymentDeps(queryClient: QueryClient, store: PersistedStorage, notify: (toast: ToastOptions) => void) {
  const storage = paymentStorage(store);
  // Before the first paint, so a paid visitor never sees the gate flash: the stored session seeds the status query.
  const stored = storage.readSession();
  if (stored?.isPaid) {
    const seed: PaidStatus = { isPaid: true, transactionHash: stored.transactionHash || null, expiresAt: stored.timestamp + ACCESS_MS, sessionId: storage.readSessionId(), via: 'restored' };
    queryClient.setQueryData(paymentStatusKey(stored.walletAddress), seed);
  }
  return {
    ui: createStore({ ...INITIAL_STATE, walletAddress: stored?.isPaid ? stored.walletAddress : null }),
    queryClient,
    storage,
    link: new WalletLink(),
    timers: createTimers(),
    notify,
    loadConfig: (): Promise<WalletConnectConfigReply> => queryClient.query(walletConnectConfigQueryOptions()),
    network: (): NetworkDefinition => requiredNetwork(queryClient.getQueryData(walletConnectConfigQueryOptions().queryKey)),
    invalidateCalculations: () => void queryClient.invalidateQueries({ queryKey: ['calculations'] }),
  };
}
export type PaymentDeps = ReturnType<typeof createPaymentDeps>;

export const isPaid = (deps: PaymentDeps) => readPaymentStatus(deps.queryClient, deps.ui.get().walletAddress).isPaid;

/** Access ended (cleared, expired, another account, or the server no longer knows it): payment is required again. */
export function markUnpaid(deps: PaymentDeps): void {
  const { walletAddress, walletConnected } = deps.ui.get();
  deps.timers.cancel('verify');
  if (walletAddress) writePaymentStatus(deps.queryClient, deps.storage, walletAddress, UNPAID);
  deps.storage.clearSession();
  deps.ui.set({ ...NO_PAYMENT_STEP, justPaid: false, walletAddress: walletConnected ? walletAddress : null });
}
