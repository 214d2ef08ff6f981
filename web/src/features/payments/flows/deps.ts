import type { WalletConnectConfigReply } from '@shm/contracts';
import type { ToastOptions } from '../../../components/toast/toast-context';
import type { NetworkDefinition } from '../../../config/chain';
import type { Eip1193Provider } from '../../../lib/wallet';
import type { PaymentStore } from '../state/payment-state';
import type { KeyValueStore } from '../utils/payment-storage';
import type { WalletConnectProvider } from '../wallet/walletconnect-connector';

/** Which page hosts the flow: the admin page words its success toast differently (spec §8). */
export type PageVariant = 'calculator' | 'admin';

/** Named one-shot timers; scheduling a name again replaces the earlier one. */
export function createTimers() {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  return {
    schedule(name: string, ms: number, run: () => void) {
      clearTimeout(timers.get(name));
      timers.set(
        name,
        setTimeout(() => {
          timers.delete(name);
          run();
        }, ms),
      );
    },
    cancel(name: string) {
      clearTimeout(timers.get(name));
      timers.delete(name);
    },
    cancelAll() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
export type Timers = ReturnType<typeof createTimers>;

/** Everything the wallet and payment flows touch, handed in so they stay plain functions. */
export interface FlowDeps {
  store: PaymentStore;
  storage: KeyValueStore;
  clearSessionStorage(): void;
  /** The active wallet (browser or WalletConnect), and WalletConnect's own provider when used. */
  provider: { current: Eip1193Provider | null };
  walletConnect: { current: WalletConnectProvider | null };
  /** Removes the wallet event listeners of the active connection. */
  detachListeners: { current: (() => void) | null };
  /** Set while disconnecting: account-change events are ignored then (spec §4). */
  disconnecting: { current: boolean };
  verifyRetries: { current: number };
  /** When a 403 last made the page calculate again (at most once a minute, so a stale grant cannot loop). */
  recalculatedAt: { current: number };
  /** When the wallet last dropped the connection by itself (kept across reconnects, to notice flapping). */
  walletDrops: { current: number[] };
  loadConfig(): Promise<WalletConnectConfigReply>;
  network(): NetworkDefinition;
  notify(toast: ToastOptions): void;
  /** Confetti, when its flag is on. */
  celebrate(): void;
  /** Reruns the calculations (paid status changed). */
  invalidateCalculations(): void;
  variant: PageVariant;
  timers: Timers;
  now(): number;
}
