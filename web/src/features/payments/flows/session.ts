import type { PaymentStatus, SessionInfo } from '@shm/contracts';
import { SESSION_VALIDITY_MS } from '../../../config/constants';
import { isApiError } from '../../../lib/api-client';
import { checkPaymentStatus, getPaymentSession, getWalletSessionInfo } from '../api/payment-calls';
import type { PaidSession } from '../state/payment-state';
import {
  clearPaymentSession,
  isSessionValid,
  isWalletDisconnected,
  readPaymentSession,
  readServerSessionId,
  writePaymentSession,
  writeServerSessionId,
} from '../utils/payment-storage';
import type { FlowDeps } from './deps';
import { TOASTS } from './texts';

const expiryOf = (expiresAt: string | undefined) => (expiresAt ? Date.parse(expiresAt) : null);

/** On page load: the stored paid session (spec §3, discarded after 24 h) and the disconnected flag. */
export function restoreStoredSession(deps: FlowDeps): void {
  const stored = readPaymentSession(deps.storage, deps.now());
  const paid: PaidSession | null = isSessionValid(stored)
    ? {
        walletAddress: stored.walletAddress,
        transactionHash: stored.transactionHash || null,
        expiresAt: stored.timestamp + SESSION_VALIDITY_MS,
        sessionId: readServerSessionId(deps.storage),
      }
    : null;
  deps.store.dispatch({ type: 'restored', paid, isDisconnected: isWalletDisconnected(deps.storage) });
}

/**
 * Spec §7 session/{id}: a stored paid session is checked with the server once on load; a 404 (or a
 * session that no longer grants access) clears it. Without a sign-in (401) the calculator decides.
 */
export async function validateStoredSession(deps: FlowDeps): Promise<void> {
  const { isPaid, sessionId } = deps.store.getState();
  if (!isPaid || !sessionId) return;
  try {
    const reply = await getPaymentSession(sessionId);
    if (!reply.isValid) return markUnpaid(deps);
    deps.store.dispatch({ type: 'session/info', expiresAt: expiryOf(reply.sessionInfo.expiresAt), sessionId });
  } catch (error) {
    if (isApiError(error, 404)) markUnpaid(deps);
  }
}

export interface MarkPaidOptions {
  /** Paid just now in this page: the success view and toast, confetti. */
  justPaid?: boolean;
  /** An existing payment found for the wallet: the 'Payment Confirmed' toast. */
  announceExisting?: boolean;
}

/** Spec §4: on success the session is confirmed and the wallet is treated as paid. */
export function markPaid(deps: FlowDeps, session: PaidSession, { justPaid = false, announceExisting = false }: MarkPaidOptions = {}): void {
  const wasPaid = deps.store.getState().isPaid;
  deps.timers.cancel('verify');
  deps.verifyRetries.current = 0;
  clearPaymentSession(deps.storage);
  writePaymentSession(deps.storage, {
    isPaid: true,
    transactionHash: session.transactionHash ?? '',
    walletAddress: session.walletAddress,
    status: 'confirmed',
    timestamp: session.expiresAt ? session.expiresAt - SESSION_VALIDITY_MS : deps.now(),
  });
  if (session.sessionId) writeServerSessionId(deps.storage, session.sessionId);
  deps.store.dispatch({ type: 'paid', session, justPaid });
  if (!wasPaid) deps.invalidateCalculations();
  if (justPaid) {
    deps.notify(TOASTS.paymentSuccessful(deps.variant));
    deps.celebrate();
  } else if (announceExisting && !wasPaid) {
    deps.notify(TOASTS.paymentConfirmed);
  }
}

/** Access ended (cleared, expired, or the server no longer knows it): payment is required again. */
export function markUnpaid(deps: FlowDeps): void {
  deps.timers.cancel('verify');
  clearPaymentSession(deps.storage);
  deps.store.dispatch({ type: 'unpaid' });
}

export const paidFromInfo = (walletAddress: string, info: SessionInfo): PaidSession => ({
  walletAddress,
  transactionHash: info.transactionHash ?? null,
  expiresAt: expiryOf(info.expiresAt),
  sessionId: info.sessionId ?? null,
});

/** Applies a status from the event stream or check-payment-status to the page. */
export function applyServerStatus(deps: FlowDeps, status: PaymentStatus): void {
  const state = deps.store.getState();
  if (!state.walletAddress || status.wallet.toLowerCase() !== state.walletAddress.toLowerCase()) return;
  if (status.isPaid) {
    const session: PaidSession = {
      walletAddress: state.walletAddress,
      transactionHash: status.transactionHash ?? null,
      expiresAt: expiryOf(status.expiresAt),
      sessionId: status.sessionId ?? null,
    };
    if (!state.isPaid) markPaid(deps, session, { justPaid: state.pendingHash !== null, announceExisting: true });
    else deps.store.dispatch({ type: 'session/info', expiresAt: session.expiresAt, sessionId: session.sessionId });
    return;
  }
  if (state.isPaid && status.status === 'none') markUnpaid(deps);
}

/** Spec §7 session-info (polled every 60 s while paid): keeps the countdown right and notices expiry. */
export async function refreshSessionInfo(deps: FlowDeps): Promise<void> {
  const { walletAddress, isPaid, walletConnected } = deps.store.getState();
  if (!walletAddress || !isPaid || !walletConnected || isWalletDisconnected(deps.storage)) return;
  try {
    const info = await getWalletSessionInfo(walletAddress);
    if (info.isValid) deps.store.dispatch({ type: 'session/info', expiresAt: expiryOf(info.expiresAt), sessionId: info.sessionId ?? null });
    else markUnpaid(deps);
  } catch {
    // A missed poll changes nothing; the next one (or a 403 from the calculator) tells.
  }
}

/**
 * The calculator answered 403 while the page thought it was paid: ask the payments service. Still
 * paid (the calculator had not heard yet) → calculate again shortly; otherwise the gate returns.
 */
export async function recheckAfterPaymentRequired(deps: FlowDeps): Promise<void> {
  const { walletAddress, isPaid, walletConnected } = deps.store.getState();
  if (!isPaid) return;
  if (!walletAddress || !walletConnected) return markUnpaid(deps);
  try {
    const status = await checkPaymentStatus(walletAddress);
    if (!status.isPaid) return markUnpaid(deps);
    if (deps.now() - deps.recalculatedAt.current < 60_000) return;
    deps.recalculatedAt.current = deps.now();
    deps.timers.schedule('recalculate', 1_000, deps.invalidateCalculations);
  } catch (error) {
    if (isApiError(error, 401) || isApiError(error, 403)) markUnpaid(deps);
  }
}
