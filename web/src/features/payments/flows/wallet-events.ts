import { UNSTABLE_WALLET_DROPS, UNSTABLE_WALLET_WINDOW_MS } from '../../../config/constants';
import { WALLET_UNSTABLE_MESSAGE, type Eip1193Provider } from '../../../lib/wallet';
import type { WalletType } from '../state/payment-state';
import { switchNetworkMessage } from '../wallet/network';
import { refreshBalance } from './balance';
import type { FlowDeps } from './deps';
import { clearConnection } from './disconnect';
import { markUnpaid } from './session';

/**
 * The wallet let go by itself (accounts gone, a disconnect event). Once is ordinary (a locked
 * wallet); again within the window the link is flapping, and the visitor is told to reconnect (spec §8).
 */
function noteDrop(deps: FlowDeps): void {
  const now = deps.now();
  const recent = deps.walletDrops.current.filter((at) => now - at < UNSTABLE_WALLET_WINDOW_MS);
  recent.push(now);
  deps.walletDrops.current = recent;
  if (recent.length >= UNSTABLE_WALLET_DROPS) deps.store.dispatch({ type: 'error', error: WALLET_UNSTABLE_MESSAGE });
}

/** Follows the connected wallet's events (spec §4 "Disconnect"); replaces the listeners of an earlier connection. */
export function attachListeners(deps: FlowDeps, provider: Eip1193Provider, walletType: WalletType): void {
  deps.detachListeners.current?.();
  const onAccounts = (accounts: unknown) => {
    if (deps.disconnecting.current) return; // spec §4: ignored while disconnecting
    const next = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;
    const current = deps.store.getState().walletAddress;
    if (!next) {
      // Synchronous without sign-out, so the connection is cleared before the drop is weighed.
      void clearConnection(deps, { signOut: false });
      return noteDrop(deps);
    }
    if (current && next.toLowerCase() !== current.toLowerCase()) {
      // The session belongs to the old account: that account's access is not this one's.
      markUnpaid(deps);
      void clearConnection(deps, { signOut: true });
    }
  };
  const onChain = (chainId: unknown) => {
    const network = deps.network();
    const ok = String(chainId).toLowerCase() === network.chainId.toLowerCase();
    deps.store.dispatch({ type: 'chain', ok, error: ok ? null : switchNetworkMessage(network) });
    if (ok) void refreshBalance(deps);
  };
  // WalletConnect's 'disconnect' ends the session. A browser wallet's (EIP-1193: it lost its chains)
  // does not end the connection, as the extension reconnects by itself; only repeats are reported.
  const onDisconnect =
    walletType === 'walletconnect'
      ? () => {
          void clearConnection(deps, { signOut: false });
          noteDrop(deps);
        }
      : () => noteDrop(deps);
  provider.on?.('accountsChanged', onAccounts);
  provider.on?.('chainChanged', onChain);
  provider.on?.('disconnect', onDisconnect);
  deps.detachListeners.current = () => {
    provider.removeListener?.('accountsChanged', onAccounts);
    provider.removeListener?.('chainChanged', onChain);
    provider.removeListener?.('disconnect', onDisconnect);
  };
}
