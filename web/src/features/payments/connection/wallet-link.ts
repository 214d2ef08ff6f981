import { UNSTABLE_WALLET_DROPS, UNSTABLE_WALLET_WINDOW_MS } from '../../../config/constants';
import type { Eip1193Provider } from '../../../lib/wallet';
import type { WalletConnectProvider } from '../../../lib/wallet/walletconnect-connector';
import type { WalletType } from '../storage/payment-storage';

export type WalletEvents = Record<'accountsChanged' | 'chainChanged' | 'disconnect', (value: unknown) => void>;

/**
 * The page's hold on the connected wallet: its provider, the listeners on it, and when it last let
 * go by itself (kept across reconnects, to notice a flapping link).
 */
export class WalletLink {
  provider: Eip1193Provider | null = null;
  private walletConnect: WalletConnectProvider | null = null;
  private detach: (() => void) | null = null;
  private drops: number[] = [];

  hold(provider: Eip1193Provider, type: WalletType, events: WalletEvents): void {
    this.release({ endWalletConnect: false });
    this.provider = provider;
    this.walletConnect = type === 'walletconnect' ? (provider as WalletConnectProvider) : null;
    const names = Object.keys(events) as (keyof WalletEvents)[];
    names.forEach((name) => provider.on?.(name, events[name]));
    this.detach = () => names.forEach((name) => provider.removeListener?.(name, events[name]));
  }

  release({ endWalletConnect = true } = {}): void {
    this.detach?.();
    this.detach = null;
    const walletConnect = this.walletConnect;
    this.walletConnect = null;
    this.provider = null;
    if (walletConnect && endWalletConnect) void walletConnect.disconnect().catch(() => undefined);
  }

  /** Notes that the wallet let go by itself; true when that happened often enough to call the link unstable (spec §8). */
  dropped(now = Date.now()): boolean {
    this.drops = [...this.drops.filter((at) => now - at < UNSTABLE_WALLET_WINDOW_MS), now];
    return this.drops.length >= UNSTABLE_WALLET_DROPS;
  }
}
