import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentStatus } from '@shm/contracts';
import { useToast } from '../../../components/toast/toast-context';
import { SESSION_COUNTDOWN_REFRESH_MS } from '../../../config/constants';
import { localStore } from '../../../lib/persisted-storage';
import { checkPaymentStatus, subscribePaymentEvents, useWalletConnectConfig } from '../api/payment-api';
import { recheckAfterPaymentRequired, validateStoredSession } from '../session/session';
import { NO_PAYMENT_STEP, createPaymentDeps, markUnpaid, type PageState, type PaymentDeps } from '../state/page';
import { UNPAID, paymentStatusQuery, readPaymentStatus, type PaidStatus } from '../status/payment-status';
import { STATUS_FALLBACK_MS, applyPageStatus } from '../status/pending-outcome';
import { TOASTS, type PageVariant } from '../texts';
import { hoursUntil } from '../utils/countdown';

/** Connect, pay, disconnect and the wallet libraries behind them: loaded on first use, not with the page. */
const walletFlows = () => import('./wallet-flows');
const loadConfetti = () => import('../../../lib/confetti');

/** What the buttons of the payment parts do; each runs its flow from the lazily loaded wallet flows. */
function paymentActions(deps: PaymentDeps, celebrate: () => void) {
  const run = async <T,>(flow: (f: Awaited<ReturnType<typeof walletFlows>>) => Promise<T> | T) => flow(await walletFlows());
  const walletConnectReady = async () => !!(await deps.loadConfig()).projectId;
  return {
    connectBrowser: () => run((f) => f.connectWallet(deps, () => f.connectBrowserWallet({ walletConnectReady }), 'browser', celebrate)),
    /** WalletConnect: `onUri` gets the pairing URI for the QR code; `signal` cancels the attempt. */
    connectWalletConnect: (onUri: (uri: string) => void, signal?: AbortSignal) =>
      run((f) => f.connectWallet(deps, async () => f.connectWalletConnect(await deps.loadConfig(), onUri, undefined, signal), 'walletconnect', celebrate)),
    /** Spec §4 "Disconnect"; `silent` leaves the confirmation to the caller (the admin page). True when disconnected. */
    disconnect: (options?: { silent?: boolean }) => run((f) => f.disconnectWallet(deps, options)),
    /** Back to the connect options, to use another wallet. */
    switchWallet: () => run((f) => f.clearConnection(deps, { signOut: true })),
    switchNetwork: () => run((f) => f.switchNetwork(deps)),
    refreshBalance: () => run((f) => f.refreshBalance(deps)),
    pay: () => run((f) => f.pay(deps)),
    verifyPending: () => run((f) => f.verifyTransaction(deps, deps.ui.get().pendingHash)),
    startNewPayment: () => void run((f) => f.startNewPayment(deps)),
    clearSession: () => run((f) => f.clearPaymentAccess(deps)),
    dismissSuccess: () => deps.ui.set({ justPaid: false }),
    /** The calculator answered 403: check with the payments service what is true. */
    onPaymentRequired: () => void recheckAfterPaymentRequired(deps),
  };
}

interface PaymentContextValue {
  state: PageState & Pick<PaidStatus, 'isPaid' | 'transactionHash'>;
  actions: ReturnType<typeof paymentActions>;
  config: ReturnType<typeof useWalletConnectConfig>['data'];
  configError: boolean;
  /** Hours of access left (from the server's expiry), null before any is known; refreshed every 60 s. */
  hoursRemaining: number | null;
}
const PaymentContext = createContext<PaymentContextValue | null>(null);

export function usePayment(): PaymentContextValue {
  const value = useContext(PaymentContext);
  if (!value) throw new Error('usePayment must be used inside <PaymentProvider>');
  return value;
}

/**
 * The time the countdown to `expiresAt` is worked out from: read afresh when a session with an expiry
 * arrives or its expiry moves, then every SESSION_COUNTDOWN_REFRESH_MS; standing still without one.
 */
function useCountdownClock(expiresAt: number | null): number {
  const [clock] = useState(() => {
    let now = Date.now();
    return { read: () => now, refresh: () => void (now = Date.now()) };
  });
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (expiresAt === null) return () => undefined;
      const tick = () => {
        clock.refresh();
        onChange();
      };
      tick();
      const timer = setInterval(tick, SESSION_COUNTDOWN_REFRESH_MS);
      return () => clearInterval(timer);
    },
    [clock, expiresAt],
  );
  return useSyncExternalStore(subscribe, clock.read, clock.read);
}

/**
 * The page's wallet's paid status from its query (polled while paid and connected, fed by the status
 * stream while connected: the one way a payment's outcome reaches the page, with the status query
 * while the stream cannot be opened or has dropped); the countdown (at 0 access ends on the page
 * too); `onPaid` once per change to paid.
 */
function usePaymentStatus(deps: PaymentDeps, ui: PageState, onPaid: (via: PaidStatus['via']) => void) {
  const { walletAddress, walletConnected } = ui;
  const enabled = walletConnected && readPaymentStatus(deps.queryClient, walletAddress).isPaid && !deps.storage.isDisconnected();
  const query = useQuery({ ...paymentStatusQuery(deps.queryClient, deps.storage, walletAddress ?? '', enabled), enabled });
  const paid = (walletAddress && query.data) || UNPAID;

  useEffect(() => {
    if (!walletConnected || !walletAddress) return;
    const onStatus = (status: PaymentStatus) => applyPageStatus(deps, status);
    let fallback: ReturnType<typeof setInterval> | undefined;
    const askWhilePending = () => {
      if (deps.ui.get().pendingHash) void checkPaymentStatus(walletAddress).then(onStatus, () => undefined);
    };
    const stop = subscribePaymentEvents(onStatus, (open) => {
      if (open) {
        clearInterval(fallback);
        fallback = undefined;
      } else if (fallback === undefined) {
        askWhilePending();
        fallback = setInterval(askWhilePending, STATUS_FALLBACK_MS);
      }
    });
    return () => {
      clearInterval(fallback);
      stop();
    };
  }, [deps, walletConnected, walletAddress]);

  const wasPaid = useRef(paid.isPaid);
  useEffect(() => {
    if (paid.isPaid && !wasPaid.current) onPaid(paid.via);
    wasPaid.current = paid.isPaid;
  }, [paid.isPaid, paid.via, onPaid]);

  const expiresAt = paid.isPaid ? paid.expiresAt : null;
  const now = useCountdownClock(expiresAt);
  const hoursRemaining = expiresAt !== null ? hoursUntil(expiresAt, now) : null;
  useEffect(() => {
    if (hoursRemaining !== null && hoursRemaining <= 0) markUnpaid(deps);
  }, [deps, hoursRemaining]);
  return { paid, hoursRemaining };
}

/** The wallet connection and payment state of a page (spec §2.5, §4), for the gate card, banner and header; `confettiEnabled` is the spec §2.1 flag. */
export function PaymentProvider({ children, confettiEnabled, variant = 'calculator' }: { children: ReactNode; confettiEnabled: boolean; variant?: PageVariant }) {
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const config = useWalletConnectConfig();
  // The confetti code is fetched once its flag is on, so a celebration starts at once (with its toast).
  // A flow that started before the flag changed (a wallet prompt left open) celebrates by the flag as it is then.
  const confettiOn = useRef(confettiEnabled);
  useEffect(() => {
    confettiOn.current = confettiEnabled;
    if (confettiEnabled) loadConfetti().catch(() => undefined);
  }, [confettiEnabled]);
  const celebrate = useCallback(() => void (confettiOn.current && loadConfetti().then((m) => m.launchConfetti(), () => undefined)), []);

  const [deps] = useState(() => createPaymentDeps(queryClient, localStore, showToast));
  const ui = useSyncExternalStore(deps.ui.subscribe, deps.ui.get, deps.ui.get);

  useEffect(() => {
    void validateStoredSession(deps);
    // Only a browser that connected before has a wallet to restore; the network (RPC URL) comes with the config.
    const flows = deps.storage.walletToRestore() ? walletFlows() : null;
    void deps.loadConfig().catch(() => undefined).then(() => flows?.then((f) => f.restoreConnection(deps))).catch(() => undefined);
    return () => {
      deps.timers.cancelAll();
      deps.link.release({ endWalletConnect: false });
    };
  }, [deps]);

  // Spec §4: however the paid status arrived, the page reacts once: calculations rerun, the pay steps end, the visitor is told.
  const onPaid = useCallback(
    (via: PaidStatus['via']) => {
      deps.timers.cancel('verify');
      deps.ui.set({ ...NO_PAYMENT_STEP, error: null, justPaid: via === 'payment' });
      deps.invalidateCalculations();
      if (via === 'payment') {
        deps.notify(TOASTS.paymentSuccessful(variant));
        celebrate();
      } else if (via === 'existing') deps.notify(TOASTS.paymentConfirmed);
    },
    [deps, variant, celebrate],
  );
  const { paid, hoursRemaining } = usePaymentStatus(deps, ui, onPaid);
  // A false positive: paymentActions only hands `celebrate` to its handlers and flows, which run after a click or a payment, never while rendering.
  // eslint-disable-next-line react-hooks/refs
  const actions = useMemo(() => paymentActions(deps, celebrate), [deps, celebrate]);
  const value = useMemo<PaymentContextValue>(
    () => ({ state: { ...ui, isPaid: paid.isPaid, transactionHash: paid.transactionHash }, actions, config: config.data, configError: config.isError, hoursRemaining }),
    [ui, paid, actions, config.data, config.isError, hoursRemaining],
  );
  return <PaymentContext.Provider value={value}>{children}</PaymentContext.Provider>;
}
