import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../components/toast/toast-context';
import { launchConfetti } from '../../../lib/confetti';
import { useWalletConnectConfig, walletConnectConfigQueryOptions } from '../api/walletconnect-config';
import { connectBrowserWallet } from '../wallet/browser-connector';
import { requiredNetwork } from '../wallet/network';
import { connectWalletConnect } from '../wallet/walletconnect-connector';
import { refreshBalance } from '../flows/balance';
import { connectWallet, restoreConnection, switchNetwork } from '../flows/connect';
import { createTimers, type FlowDeps, type PageVariant } from '../flows/deps';
import { clearConnection, clearPaymentAccess, disconnectWallet } from '../flows/disconnect';
import { pay, startNewPayment, verifyTransaction } from '../flows/pay';
import { recheckAfterPaymentRequired, restoreStoredSession, validateStoredSession } from '../flows/session';
import { PaymentContext, type PaymentActions, type PaymentContextValue } from '../hooks/payment-context';
import { usePaymentTimers } from '../hooks/use-payment-timers';
import { createPaymentStore } from '../state/payment-state';
import { memoryStore, type KeyValueStore } from '../utils/payment-storage';

function browserStorage(): KeyValueStore {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // blocked (private mode): fall through to memory
  }
  return memoryStore();
}

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

  const [deps] = useState<FlowDeps>(() => {
    const created: FlowDeps = {
      store: createPaymentStore(),
      storage: browserStorage(),
      clearSessionStorage: () => {
        try {
          sessionStorage.clear();
        } catch {
          // unavailable: nothing to clear
        }
      },
      provider: { current: null },
      walletConnect: { current: null },
      detachListeners: { current: null },
      disconnecting: { current: false },
      verifyRetries: { current: 0 },
      recalculatedAt: { current: 0 },
      walletDrops: { current: [] },
      loadConfig: () => queryClient.fetchQuery(walletConnectConfigQueryOptions()),
      network: () => requiredNetwork(queryClient.getQueryData(walletConnectConfigQueryOptions().queryKey)),
      notify: showToast,
      celebrate: () => void (confetti.current && launchConfetti()),
      invalidateCalculations: () => void queryClient.invalidateQueries({ queryKey: ['calculations'] }),
      variant,
      timers: createTimers(),
      now: Date.now,
    };
    // Before the first paint, so a paid visitor never sees the gate flash.
    restoreStoredSession(created);
    return created;
  });
  const state = useSyncExternalStore(deps.store.subscribe, deps.store.getState);

  useEffect(() => {
    // The network (RPC URL) comes with the config: load it before talking to the wallet.
    void validateStoredSession(deps);
    void deps.loadConfig().catch(() => undefined).then(() => restoreConnection(deps));
    return () => {
      deps.timers.cancelAll();
      deps.detachListeners.current?.();
    };
  }, [deps]);

  const hoursRemaining = usePaymentTimers(deps, state);

  const actions = useMemo<PaymentActions>(
    () => ({
      connectBrowser: () =>
        connectWallet(deps, () => connectBrowserWallet({ walletConnectReady: async () => !!(await deps.loadConfig()).projectId }), 'browser'),
      connectWalletConnect: (onUri, signal) =>
        connectWallet(deps, async () => connectWalletConnect(await deps.loadConfig(), onUri, undefined, signal), 'walletconnect'),
      disconnect: (options) => disconnectWallet(deps, options),
      switchWallet: () => clearConnection(deps, { signOut: true }),
      switchNetwork: () => switchNetwork(deps),
      refreshBalance: () => refreshBalance(deps),
      pay: () => pay(deps),
      verifyPending: async () => {
        const hash = deps.store.getState().pendingHash;
        if (hash) await verifyTransaction(deps, hash);
      },
      startNewPayment: () => startNewPayment(deps),
      clearSession: () => clearPaymentAccess(deps),
      dismissSuccess: () => deps.store.dispatch({ type: 'success/dismissed' }),
      onPaymentRequired: () => void recheckAfterPaymentRequired(deps),
    }),
    [deps],
  );

  const value = useMemo<PaymentContextValue>(
    () => ({ state, actions, config: config.data, configError: config.isError, network: requiredNetwork(config.data), hoursRemaining }),
    [state, actions, config.data, config.isError, hoursRemaining],
  );
  return <PaymentContext.Provider value={value}>{children}</PaymentContext.Provider>;
}
