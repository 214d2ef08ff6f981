import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SESSION_COUNTDOWN_REFRESH_MS } from '../../../config/constants';
import { subscribePaymentEvents } from '../api/payment-api';
import { markUnpaid, type PageState, type PaymentDeps } from '../state/page';
import { hoursUntil } from '../utils/countdown';
import { UNPAID, applyServerStatus, paymentStatusQuery, readPaymentStatus, type PaidStatus } from './payment-status';

/**
 * The page's wallet's paid status, from the payment-status query: polled every 60 s while paid and
 * connected, updated by the event stream while a wallet is connected. Also the countdown (every
 * 60 s; at 0 access ends on the page too), and `onPaid` once per change from unpaid to paid.
 */
export function usePaymentStatus(deps: PaymentDeps, ui: PageState, onPaid: (via: PaidStatus['via']) => void) {
  const { walletAddress, walletConnected } = ui;
  const enabled = walletConnected && readPaymentStatus(deps.queryClient, walletAddress).isPaid && !deps.storage.isDisconnected();
  const query = useQuery({ ...paymentStatusQuery(deps.queryClient, deps.storage, walletAddress ?? '', enabled), enabled });
  const paid = (walletAddress && query.data) || UNPAID;

  useEffect(() => {
    if (!walletConnected || !walletAddress) return;
    return subscribePaymentEvents((status) => applyServerStatus(deps.queryClient, deps.storage, status, deps.ui.get().walletAddress, deps.ui.get().pendingHash !== null));
  }, [deps, walletConnected, walletAddress]);

  const wasPaid = useRef(paid.isPaid);
  useEffect(() => {
    if (paid.isPaid && !wasPaid.current) onPaid(paid.via);
    wasPaid.current = paid.isPaid;
  }, [paid.isPaid, paid.via, onPaid]);

  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!paid.isPaid) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), SESSION_COUNTDOWN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [paid.isPaid, paid.expiresAt]);
  const hoursRemaining = paid.isPaid && paid.expiresAt !== null ? hoursUntil(paid.expiresAt, now) : null;
  useEffect(() => {
    if (hoursRemaining !== null && hoursRemaining <= 0) markUnpaid(deps);
  }, [deps, hoursRemaining]);
  return { paid, hoursRemaining };
}
