import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ACCESS_MS } from '@shm/contracts';
import { useToast } from '../../../components/toast/toast-context';
import { localStore } from '../../../lib/persisted-storage';
import { requiredNetwork } from '../../../lib/wallet/network';
import { useWalletConnectConfig, walletConnectConfigQueryOptions } from '../api/payment-api';
import { WalletLink } from '../connection/wallet-link';
import { PaymentContext, type PaymentActions, type PaymentContextValue } from '../hooks/payment-context';
import { usePaymentStatus } from '../hooks/use-payment-status';
import { recheckAfterPaymentRequired, validateStoredSession } from '../session/session';
import { createTimers, type PaymentDeps } from '../state/payment-deps';
import { createUiStore, initialUiState, NO_PAYMENT_STEP } from '../state/ui-store';
import { paymentStatusKey, type PaidStatus } from '../status/payment-status';
import { paymentStorage } from '../storage/payment-storage';
import { TOASTS, type PageVariant } from '../texts';

/** Connect, pay, disconnect and the wallet libraries behind them: loaded on first use, not with the page. */
const walletFlows = () => import('./wallet-flows');

/** The confetti code, fetched once its flag is on, so a celebration starts at once (with its toast). */
let confettiModule: typeof import('../../../lib/confetti') | null = null;
const loadConfetti = () => import('../../../lib/confetti').then((m) => (confettiModule = m));
const launchConfetti = () => (confettiModule ? confettiModule.launchConfetti() : void loadConfetti().then((m) => m.launchConfetti()));

interface PaymentProviderProps {
  children: ReactNode;
  /** The confetti flag (spec §2.1). */
  confettiEnabled: boolean;
  variant?: PageVariant;
}

/** The wallet connection and payment state of a page (spec §2.5, §4), for the gate card, banner and header. */
export function PaymentProvider({ children, confettiEnabled, variant = 'calculator' }: PaymentProviderProps) {
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const config = useWalletConnectConfig();
  const confetti = useRef(confettiEnabled);
  confetti.current = confettiEnabled;
  useEffect(() => void (confettiEnabled && loadConfetti().catch(() => undefined)), [confettiEnabled]);
  const celebrate = useCallback(() => void (confetti.current && launchConfetti()), []);

  const [deps] = useState<PaymentDeps>(() => {
    const storage = paymentStorage(localStore);
    // Before the first paint, so a paid visitor never sees the gate flash: the stored session seeds the status query.
    const stored = storage.readSession();
    if (stored?.isPaid) {
      const seed: PaidStatus = { isPaid: true, transactionHash: stored.transactionHash || null, expiresAt: stored.timestamp + ACCESS_MS, sessionId: storage.readSessionId(), via: 'restored' };
      queryClient.setQueryData(paymentStatusKey(stored.walletAddress), seed);
    }
    return {
      ui: createUiStore({ ...initialUiState, walletAddress: stored?.isPaid ? stored.walletAddress : null, isDisconnected: storage.isDisconnected() }),
      queryClient,
      storage,
      link: new WalletLink(),
      timers: createTimers(),
      loadConfig: () => queryClient.fetchQuery(walletConnectConfigQueryOptions()),
      network: () => requiredNetwork(queryClient.getQueryData(walletConnectConfigQueryOptions().queryKey)),
      notify: showToast,
      invalidateCalculations: () => void queryClient.invalidateQueries({ queryKey: ['calculations'] }),
      clearSessionStorage: () => {
        try {
          sessionStorage.clear();
        } catch {
          // unavailable: nothing to clear
        }
      },
    };
  });
  const ui = useSyncExternalStore(deps.ui.subscribe, deps.ui.get);

  useEffect(() => {
    void validateStoredSession(deps);
    // Only a browser that connected before has a wallet to restore; the network (RPC URL) comes with the config.
    const flows = deps.storage.walletToRestore() ? walletFlows() : null;
    void deps
      .loadConfig()
      .catch(() => undefined)
      .then(() => flows?.then((f) => f.restoreConnection(deps)))
      .catch(() => undefined);
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
  const { paid, hoursRemaining } = usePaymentStatus(deps, ui, { onPaid });

  const actions = useMemo<PaymentActions>(() => {
    const run = async <T,>(flow: (f: Awaited<ReturnType<typeof walletFlows>>) => Promise<T> | T) => flow(await walletFlows());
    return {
      connectBrowser: () =>
        run((f) => f.connectWallet(deps, () => f.connectBrowserWallet({ walletConnectReady: async () => !!(await deps.loadConfig()).projectId }), 'browser', celebrate)),
      connectWalletConnect: (onUri, signal) =>
        run((f) => f.connectWallet(deps, async () => f.connectWalletConnect(await deps.loadConfig(), onUri, undefined, signal), 'walletconnect', celebrate)),
      disconnect: (options) => run((f) => f.disconnectWallet(deps, options)),
      switchWallet: () => run((f) => f.clearConnection(deps, { signOut: true })),
      switchNetwork: () => run((f) => f.switchNetwork(deps)),
      refreshBalance: () => run((f) => f.refreshBalance(deps)),
      pay: () => run((f) => f.pay(deps)),
      verifyPending: () =>
        run(async (f) => {
          const hash = deps.ui.get().pendingHash;
          if (hash) await f.verifyTransaction(deps, hash);
        }),
      startNewPayment: () => void run((f) => f.startNewPayment(deps)),
      clearSession: () => run((f) => f.clearPaymentAccess(deps)),
      dismissSuccess: () => deps.ui.set({ justPaid: false }),
      onPaymentRequired: () => void recheckAfterPaymentRequired(deps),
    };
  }, [deps, celebrate]);

  const state = useMemo(
    () => ({ ...ui, isPaid: paid.isPaid, transactionHash: paid.transactionHash, expiresAt: paid.expiresAt, sessionId: paid.sessionId }),
    [ui, paid],
  );
  const value = useMemo<PaymentContextValue>(
    () => ({ state, actions, config: config.data, configError: config.isError, network: requiredNetwork(config.data), hoursRemaining }),
    [state, actions, config.data, config.isError, hoursRemaining],
  );
  return <PaymentContext.Provider value={value}>{children}</PaymentContext.Provider>;
}
