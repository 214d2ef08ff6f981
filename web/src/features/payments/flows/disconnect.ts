import { DISCONNECT_SAFETY_TIMEOUT_MS } from '../../../config/constants';
import { isApiError } from '../../../lib/api-client';
import { checkPaymentStatus, clearServerSession, getWalletSessionInfo } from '../api/payment-calls';
import { signOutWallet } from '../api/wallet-auth';
import { WALLET_TYPE_KEY, clearWalletStorage, readServerSessionId, setWalletDisconnected } from '../utils/payment-storage';
import type { FlowDeps } from './deps';
import { applyServerStatus, markUnpaid } from './session';
import { TOASTS } from './texts';

/** Lets go of the active wallet: listeners off, and a WalletConnect session ended. */
function releaseProvider(deps: FlowDeps): void {
  deps.detachListeners.current?.();
  deps.detachListeners.current = null;
  const walletConnect = deps.walletConnect.current;
  deps.walletConnect.current = null;
  deps.provider.current = null;
  if (walletConnect) void walletConnect.disconnect().catch(() => undefined);
}

/**
 * The connection ends without the Disconnect button (accounts gone, Switch Wallet): the payment
 * state stays as it is, the visitor may connect again at once.
 */
export async function clearConnection(deps: FlowDeps, { signOut }: { signOut: boolean }): Promise<void> {
  releaseProvider(deps);
  deps.timers.cancel('verify');
  try {
    deps.storage.removeItem(WALLET_TYPE_KEY);
  } catch {
    // nothing stored
  }
  deps.store.dispatch({ type: 'connection/cleared' });
  if (signOut) await signOutWallet().catch(() => undefined);
}

/**
 * Spec §4 "Disconnect": the disconnected flag, wallet state, payment/session/wallet keys and session
 * storage all go, and the sign-in session ends. A 10 s safety timeout ends the in-progress state; the
 * visitor is then told it could not disconnect ('Disconnect Failed'). A step that throws shows
 * 'Disconnect Error' (spec §8). True when the page ended disconnected.
 */
export async function disconnectWallet(deps: FlowDeps, { silent = false } = {}): Promise<boolean> {
  if (deps.disconnecting.current) return false;
  deps.disconnecting.current = true;
  deps.store.dispatch({ type: 'disconnect/start' });
  deps.timers.schedule('disconnect-safety', DISCONNECT_SAFETY_TIMEOUT_MS, () => {
    deps.disconnecting.current = false;
    deps.store.dispatch({ type: 'disconnect/end', done: false });
    deps.notify(TOASTS.disconnectFailed);
  });
  try {
    setWalletDisconnected(deps.storage, true);
    deps.timers.cancel('verify');
    deps.timers.cancel('recalculate');
    releaseProvider(deps);
    clearWalletStorage(deps.storage);
    deps.clearSessionStorage();
    await signOutWallet().catch(() => undefined); // the page is disconnected either way
    deps.store.dispatch({ type: 'disconnect/end', done: true });
    deps.invalidateCalculations();
    if (!silent) deps.notify(TOASTS.disconnected);
    return true;
  } catch (error) {
    console.warn('Disconnecting the wallet failed', error);
    deps.store.dispatch({ type: 'disconnect/end', done: false });
    deps.notify(TOASTS.disconnectError);
    return false;
  } finally {
    deps.timers.cancel('disconnect-safety');
    deps.disconnecting.current = false;
  }
}

/** Spec §4 "Clear session" (admin page): the server session ends, the local one too; payment is required again. */
export async function clearPaymentAccess(deps: FlowDeps): Promise<void> {
  const { walletAddress, walletConnected, sessionId: known } = deps.store.getState();
  let sessionId = known ?? readServerSessionId(deps.storage);
  try {
    if (!sessionId && walletAddress && walletConnected) sessionId = (await getWalletSessionInfo(walletAddress)).sessionId ?? null;
    if (sessionId) await clearServerSession(sessionId);
  } catch (error) {
    if (!isApiError(error, 404)) console.warn('Clearing the payment session on the server failed', error);
  }
  markUnpaid(deps);
  deps.invalidateCalculations();
  deps.notify(TOASTS.sessionCleared);
  if (walletAddress && walletConnected) {
    await checkPaymentStatus(walletAddress)
      .then((status) => applyServerStatus(deps, status))
      .catch(() => undefined);
  }
}
