import { useEffect, useState } from 'react';
import { SESSION_COUNTDOWN_REFRESH_MS, SESSION_INFO_POLL_MS } from '../../../config/constants';
import { subscribePaymentEvents } from '../api/payment-events';
import type { FlowDeps } from '../flows/deps';
import { applyServerStatus, markUnpaid, refreshSessionInfo } from '../flows/session';
import type { PaymentState } from '../state/payment-state';
import { hoursUntil } from '../utils/countdown';

/**
 * The live parts of a paid or paying session: the event stream while a wallet is connected (so a
 * confirmation arrives without polling), session-info every 60 s while paid, and the countdown,
 * recomputed every 60 s; at 0 the access ends on the page too.
 */
export function usePaymentTimers(deps: FlowDeps, state: PaymentState): number | null {
  const { walletConnected, walletAddress, isPaid, expiresAt } = state;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!walletConnected || !walletAddress) return;
    return subscribePaymentEvents((status) => applyServerStatus(deps, status));
  }, [deps, walletConnected, walletAddress]);

  useEffect(() => {
    if (!isPaid || !walletConnected) return;
    const timer = setInterval(() => void refreshSessionInfo(deps), SESSION_INFO_POLL_MS);
    return () => clearInterval(timer);
  }, [deps, isPaid, walletConnected]);

  useEffect(() => {
    if (!isPaid) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), SESSION_COUNTDOWN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [isPaid, expiresAt]);

  const hoursRemaining = isPaid && expiresAt !== null ? hoursUntil(expiresAt, now) : null;
  useEffect(() => {
    if (hoursRemaining !== null && hoursRemaining <= 0) markUnpaid(deps);
  }, [deps, hoursRemaining]);
  return hoursRemaining;
}
