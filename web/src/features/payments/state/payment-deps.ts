import type { QueryClient } from '@tanstack/react-query';
import type { NetworkDefinition, WalletConnectConfigReply } from '@shm/contracts';
import type { ToastOptions } from '../../../components/toast/toast-context';
import type { WalletLink } from '../connection/wallet-link';
import type { PaymentStorage } from '../storage/payment-storage';
import type { UiStore } from './ui-store';

/** Named one-shot timers; scheduling a name again replaces the earlier one. */
export function createTimers() {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const cancel = (name: string) => {
    clearTimeout(timers.get(name));
    timers.delete(name);
  };
  return {
    schedule(name: string, ms: number, run: () => void) {
      cancel(name);
      timers.set(name, setTimeout(() => (timers.delete(name), run()), ms));
    },
    cancel,
    cancelAll: () => [...timers.keys()].forEach(cancel),
  };
}
export type Timers = ReturnType<typeof createTimers>;

/** What the flows of one page share: its stores (UI, payment-status query, §3 keys), the wallet link and the page's outlets. */
export interface PaymentDeps {
  ui: UiStore;
  queryClient: QueryClient;
  storage: PaymentStorage;
  link: WalletLink;
  timers: Timers;
  loadConfig(): Promise<WalletConnectConfigReply>;
  network(): NetworkDefinition;
  notify(toast: ToastOptions): void;
  /** Reruns the calculations (paid status changed). */
  invalidateCalculations(): void;
  clearSessionStorage(): void;
}
