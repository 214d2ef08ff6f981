import type { WalletType } from '../storage/payment-storage';

export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'failed';
/** Where a payment in this page stands; 'pending' is the notice with Verify Payment / Start New Payment. */
export type PayStep = 'idle' | 'initiating' | 'sending' | 'confirming' | 'pending' | 'verifying';

/**
 * What this page is doing with the wallet (spec §3 "Payment/wallet state", less paid status: that
 * is the payment-status query's, never kept here).
 */
export interface WalletUiState {
  isChecking: boolean;
  walletConnected: boolean;
  /** The connected wallet, or before one connects the wallet of the paid session this browser holds. */
  walletAddress: string | null;
  isDisconnected: boolean;
  error: string | null;
  connection: ConnectionStatus;
  walletType: WalletType | null;
  /** The wallet is on the required network. */
  chainOk: boolean;
  balanceWei: bigint | null;
  balanceLoading: boolean;
  balanceError: string | null;
  step: PayStep;
  pendingHash: string | null;
  /** Why a verification is still waiting ('being processed', 'not found'); shown under the pending notice. */
  verifyNote: string | null;
  /** Paid during this page visit: the 'Payment Successful' view shows until dismissed. */
  justPaid: boolean;
  disconnecting: boolean;
}

export const initialUiState: WalletUiState = {
  isChecking: false,
  walletConnected: false,
  walletAddress: null,
  isDisconnected: false,
  error: null,
  connection: 'idle',
  walletType: null,
  chainOk: false,
  balanceWei: null,
  balanceLoading: false,
  balanceError: null,
  step: 'idle',
  pendingHash: null,
  verifyNote: null,
  justPaid: false,
  disconnecting: false,
};

export const NO_CONNECTION = { walletConnected: false, connection: 'idle', walletType: null, chainOk: false, balanceWei: null, balanceLoading: false, balanceError: null } as const;
export const NO_PAYMENT_STEP = { step: 'idle', pendingHash: null, verifyNote: null } as const;

/** A tiny synchronous store, so async flows always read the latest state and React re-renders on change. */
export function createUiStore(initial: WalletUiState = initialUiState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch: Partial<WalletUiState>) {
      state = { ...state, ...patch };
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type UiStore = ReturnType<typeof createUiStore>;
