import { DISCONNECT_SAFETY_TIMEOUT_MS } from '../../../config/constants';
import { isApiError } from '../../../lib/api-client';
import { quietly } from '../../../lib/persisted-storage';
import { checkPaymentStatus, clearServerSession, getPaymentSession, getWalletSessionInfo, signOutWallet } from '../api/payment-api';
import { applyServerStatus, expiryOf, readPaymentStatus, writePaymentStatus } from '../status/payment-status';
import { INITIAL_STATE, isPaid, markUnpaid, type PaymentDeps } from '../state/page';
import { TOASTS } from '../texts';

/**
 * Spec §7 session/{id}: a paid session read back from storage is checked with the server once on
 * load; a 404 (or a session that no longer grants access) clears it. Without a sign-in the calculator decides.
 */
export async function validateStoredSession(deps: PaymentDeps): Promise<void> {
  const wallet = deps.ui.get().walletAddress;
  const { isPaid, sessionId } = readPaymentStatus(deps.queryClient, wallet);
  if (!wallet || !isPaid || !sessionId) return;
  try {
    const reply = await getPaymentSession(sessionId);
    if (!reply.isValid) return markUnpaid(deps);
    writePaymentStatus(deps.queryClient, deps.storage, wallet, { ...readPaymentStatus(deps.queryClient, wallet), expiresAt: expiryOf(reply.sessionInfo.expiresAt) });
  } catch (error) {
    if (isApiError(error, 404)) markUnpaid(deps);
  }
}

/**
 * Spec §4 "Disconnect": the disconnected flag, wallet state, payment/session/wallet keys and session
 * storage all go, and the sign-in session ends. A 10 s safety timeout ends the in-progress state with
 * 'Disconnect Failed'; a step that throws shows 'Disconnect Error' (spec §8). True when disconnected.
 */
export async function disconnectWallet(deps: PaymentDeps, { silent = false } = {}): Promise<boolean> {
  if (deps.ui.get().disconnecting) return false;
  const wallet = deps.ui.get().walletAddress;
  deps.ui.set({ disconnecting: true });
  deps.timers.schedule('disconnect-safety', DISCONNECT_SAFETY_TIMEOUT_MS, () => {
    deps.ui.set({ disconnecting: false });
    deps.notify(TOASTS.disconnectFailed);
  });
  try {
    deps.storage.setDisconnected(true);
    deps.timers.cancel('verify');
    deps.timers.cancel('recalculate');
    deps.link.release();
    deps.storage.clearAll();
    quietly(() => sessionStorage.clear(), undefined); // storage may be blocked: nothing to clear then
    await signOutWallet().catch(() => undefined); // the page is disconnected either way
    // The server's grant outlives the page's connection, but this page no longer speaks for the wallet.
    if (wallet) deps.queryClient.removeQueries({ queryKey: ['payment-status'] });
    deps.ui.set(INITIAL_STATE);
    deps.invalidateCalculations();
    if (!silent) deps.notify(TOASTS.disconnected);
    return true;
  } catch (error) {
    console.warn('Disconnecting the wallet failed', error);
    deps.ui.set({ disconnecting: false });
    deps.notify(TOASTS.disconnectError);
    return false;
  } finally {
    deps.timers.cancel('disconnect-safety');
  }
}

/** Spec §4 "Clear session" (admin page): the server session ends, the local one too; payment is required again. */
export async function clearPaymentAccess(deps: PaymentDeps): Promise<void> {
  const { walletAddress, walletConnected } = deps.ui.get();
  let sessionId = readPaymentStatus(deps.queryClient, walletAddress).sessionId ?? deps.storage.readSessionId();
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
      .then((status) => applyServerStatus(deps.queryClient, deps.storage, status, walletAddress, false))
      .catch(() => undefined);
  }
}

/**
 * The calculator answered 403 while the page thought it was paid: ask the payments service. Still
 * paid (the calculator had not heard yet) → calculate again shortly, at most once a minute so a
 * stale grant cannot loop; otherwise the gate returns.
 */
export async function recheckAfterPaymentRequired(deps: PaymentDeps): Promise<void> {
  const { walletAddress, walletConnected } = deps.ui.get();
  if (!isPaid(deps)) return;
  if (!walletAddress || !walletConnected) return markUnpaid(deps);
  try {
    const status = await checkPaymentStatus(walletAddress);
    if (!status.isPaid) return markUnpaid(deps);
    if (Date.now() - deps.ui.get().recalculatedAt < 60_000) return;
    deps.ui.set({ recalculatedAt: Date.now() });
    deps.timers.schedule('recalculate', 1_000, deps.invalidateCalculations);
  } catch (error) {
    if (isApiError(error, 401) || isApiError(error, 403)) markUnpaid(deps);
  }
}
