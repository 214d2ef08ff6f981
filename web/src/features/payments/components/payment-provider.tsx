import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../components/toast/toast-context';
import { useWalletConnectConfig, walletConnectConfigQueryOptions } from '../api/walletconnect-config';
import { requiredNetwork } from '../wallet/network';
import { createTimers, type FlowDeps, type PageVariant } from '../flows/deps';
import { recheckAfterPaymentRequired, restoreStoredSession, validateStoredSession } from '../flows/session';
import { PaymentContext, type PaymentActions, type PaymentContextValue } from '../hooks/payment-context';
import { usePaymentTimers } from '../hooks/use-payment-timers';
import { createPaymentStore } from '../state/payment-state';
import { memoryStore, walletToRestore, type KeyValueStore } from '../utils/payment-storage';

/** Connect, pay, disconnect and the wallet libraries behind them: loaded on first use, not with the page. */
const walletFlows = () => import('../flows/wallet-flows');

/** The confetti code, fetched once its flag is on, so a celebration starts at once (with its toast). */
let confettiModule: typeof import('../../../lib/confetti') | null = null;
const loadConfetti = () => import('../../../lib/confetti').then((m) => (confettiModule = m));
function celebrate(): void {
  if (confettiModule) confettiModule.launchConfetti();
  else void loadConfetti().then((m) => m.launchConfetti());
}

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
  useEffect(() => {
    if (confettiEnabled) void loadConfetti().catch(() => undefined);
  }, [confettiEnabled]);

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
      celebrate: () => void (confetti.current && celebrate()),
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
    // Only a browser that connected before has a wallet to restore; its flows load beside the config.
    const flows = walletToRestore(deps.storage) ? walletFlows() : null;
    void deps
      .loadConfig()
      .catch(() => undefined)
      .then(() => flows?.then((f) => f.restoreConnection(deps)))
      .catch(() => undefined);
    return () => {
      deps.timers.cancelAll();
      deps.detachListeners.current?.();
    };
  }, [deps]);

  const hoursRemaining = usePaymentTimers(deps, state);

  const actions = useMemo<PaymentActions>(
    () => ({
      connectBrowser: async () => {
        const f = await walletFlows();
        return f.connectWallet(deps, () => f.connectBrowserWallet({ walletConnectReady: async () => !!(await deps.loadConfig()).projectId }), 'browser');
      },
      connectWalletConnect: async (onUri, signal) => {
        const f = await walletFlows();
        return f.connectWallet(deps, async () => f.connectWalletConnect(await deps.loadConfig(), onUri, undefined, signal), 'walletconnect');
      },
      disconnect: async (options) => (await walletFlows()).disconnectWallet(deps, options),
      switchWallet: async () => (await walletFlows()).clearConnection(deps, { signOut: true }),
      switchNetwork: async () => (await walletFlows()).switchNetwork(deps),
      refreshBalance: async () => (await walletFlows()).refreshBalance(deps),
      pay: async () => (await walletFlows()).pay(deps),
      verifyPending: async () => {
        const hash = deps.store.getState().pendingHash;
        if (hash) await (await walletFlows()).verifyTransaction(deps, hash);
      },
      startNewPayment: () => void walletFlows().then((f) => f.startNewPayment(deps)),
      clearSession: async () => (await walletFlows()).clearPaymentAccess(deps),
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
