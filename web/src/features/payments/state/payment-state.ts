/** Which kind of wallet is connected (spec §4): the injected browser wallet or WalletConnect. */
export type WalletType = 'browser' | 'walletconnect';
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'failed';
/** Where a payment in this page stands; 'pending' is the notice with Verify Payment / Start New Payment. */
export type PayStep = 'idle' | 'initiating' | 'sending' | 'confirming' | 'pending' | 'verifying';

export interface PaymentState {
  // Spec §3 "Payment/wallet state".
  isChecking: boolean;
  isPaid: boolean;
  walletConnected: boolean;
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

  /** The paid session: its transaction, expiry (ms epoch) and server session id. */
  transactionHash: string | null;
  expiresAt: number | null;
  sessionId: string | null;
  /** Paid during this page visit: the 'Payment Successful' view shows until dismissed. */
  justPaid: boolean;
  disconnecting: boolean;
}

export interface PaidSession {
  walletAddress: string;
  transactionHash: string | null;
  expiresAt: number | null;
  sessionId: string | null;
}

export type PaymentAction =
  | { type: 'restored'; paid: PaidSession | null; isDisconnected: boolean }
  | { type: 'checking'; value: boolean }
  | { type: 'error'; error: string | null }
  | { type: 'connect/start' }
  | { type: 'connect/success'; address: string; walletType: WalletType; chainOk: boolean }
  | { type: 'connect/failed'; error: string }
  | { type: 'connection/cleared' }
  | { type: 'chain'; ok: boolean; error: string | null }
  | { type: 'balance/start' }
  | { type: 'balance/success'; wei: bigint }
  | { type: 'balance/failed'; error: string }
  | { type: 'pay/step'; step: PayStep; hash?: string | null; note?: string | null }
  | { type: 'pay/failed'; error: string }
  | { type: 'paid'; session: PaidSession; justPaid: boolean }
  | { type: 'session/info'; expiresAt: number | null; sessionId: string | null }
  | { type: 'unpaid' }
  | { type: 'success/dismissed' }
  | { type: 'disconnect/start' }
  | { type: 'disconnect/end'; done: boolean };

export const initialPaymentState: PaymentState = {
  isChecking: false,
  isPaid: false,
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
  transactionHash: null,
  expiresAt: null,
  sessionId: null,
  justPaid: false,
  disconnecting: false,
};

const noPayment = { isPaid: false, step: 'idle', pendingHash: null, verifyNote: null, transactionHash: null, expiresAt: null, sessionId: null, justPaid: false } as const;
const noConnection = { walletConnected: false, connection: 'idle', walletType: null, chainOk: false, balanceWei: null, balanceLoading: false, balanceError: null } as const;

export function paymentReducer(state: PaymentState, action: PaymentAction): PaymentState {
  switch (action.type) {
    case 'restored':
      return action.paid
        ? { ...state, ...action.paid, isPaid: true, isDisconnected: action.isDisconnected }
        : { ...state, isDisconnected: action.isDisconnected };
    case 'checking':
      return { ...state, isChecking: action.value };
    case 'error':
      return { ...state, error: action.error };
    case 'connect/start':
      return { ...state, connection: 'connecting', isDisconnected: false, error: null };
    case 'connect/success': {
      // Another wallet than the paid one: that payment is not this wallet's.
      const samePaid = state.isPaid && state.walletAddress?.toLowerCase() === action.address.toLowerCase();
      return {
        ...state,
        ...(samePaid ? {} : noPayment),
        connection: 'connected',
        walletConnected: true,
        walletAddress: action.address,
        walletType: action.walletType,
        chainOk: action.chainOk,
        error: null,
      };
    }
    case 'connect/failed':
      return { ...state, ...noConnection, connection: 'failed', error: action.error };
    case 'connection/cleared':
      return { ...state, ...noConnection, walletAddress: state.isPaid ? state.walletAddress : null, step: 'idle', error: null };
    case 'chain':
      return { ...state, chainOk: action.ok, error: action.error };
    case 'balance/start':
      return { ...state, balanceLoading: true, balanceError: null };
    case 'balance/success':
      return { ...state, balanceLoading: false, balanceWei: action.wei, balanceError: null };
    case 'balance/failed':
      return { ...state, balanceLoading: false, balanceError: action.error };
    case 'pay/step':
      return {
        ...state,
        step: action.step,
        error: null,
        pendingHash: action.hash === undefined ? state.pendingHash : action.hash,
        verifyNote: action.note === undefined ? state.verifyNote : action.note,
      };
    case 'pay/failed':
      return { ...state, step: 'idle', pendingHash: null, verifyNote: null, error: action.error };
    case 'paid':
      return { ...state, ...action.session, isPaid: true, step: 'idle', pendingHash: null, verifyNote: null, error: null, justPaid: action.justPaid };
    case 'session/info':
      return { ...state, expiresAt: action.expiresAt ?? state.expiresAt, sessionId: action.sessionId ?? state.sessionId };
    case 'unpaid':
      return { ...state, ...noPayment, walletAddress: state.walletConnected ? state.walletAddress : null };
    case 'success/dismissed':
      return { ...state, justPaid: false };
    case 'disconnect/start':
      return { ...state, disconnecting: true };
    case 'disconnect/end':
      return action.done
        ? { ...initialPaymentState, isDisconnected: true }
        : { ...state, disconnecting: false };
  }
}

/** A tiny synchronous store around the reducer, so async flows always read the latest state. */
export function createPaymentStore(initial: PaymentState = initialPaymentState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action: PaymentAction) {
      const next = paymentReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type PaymentStore = ReturnType<typeof createPaymentStore>;
