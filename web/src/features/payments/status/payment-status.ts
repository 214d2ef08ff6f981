import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ACCESS_MS, type PaymentStatus, type SessionInfo } from '@shm/contracts';
import { SESSION_INFO_POLL_MS } from '../../../config/constants';
import { getWalletSessionInfo } from '../api/payment-api';
import type { PaymentStorage } from '../storage/payment-storage';

/**
 * A wallet's paid status: the one truth of the page. It is the server's (register, session-info,
 * the event stream, the verify reply all write it here); the browser's copy only seeds it on reload.
 */
export interface PaidStatus {
  isPaid: boolean;
  transactionHash: string | null;
  /** ms epoch */
  expiresAt: number | null;
  sessionId: string | null;
  /** How it became paid, for what the page says then: paid just now, paid before, or read back on reload. */
  via: 'payment' | 'existing' | 'restored' | null;
}

export const UNPAID: PaidStatus = { isPaid: false, transactionHash: null, expiresAt: null, sessionId: null, via: null };
export const paymentStatusKey = (wallet: string) => ['payment-status', wallet.toLowerCase()] as const;

export const expiryOf = (expiresAt: string | undefined) => (expiresAt ? Date.parse(expiresAt) : null);
export const paidFrom = (facts: Pick<SessionInfo, 'sessionId' | 'expiresAt' | 'transactionHash'>, via: PaidStatus['via']): PaidStatus =>
  ({ isPaid: true, transactionHash: facts.transactionHash ?? null, expiresAt: expiryOf(facts.expiresAt), sessionId: facts.sessionId ?? null, via });

export const readPaymentStatus = (client: QueryClient, wallet: string | null): PaidStatus =>
  (wallet && client.getQueryData<PaidStatus>(paymentStatusKey(wallet))) || UNPAID;

/**
 * Writes a wallet's status and mirrors it into the §3 keys. A paid wallet that is paid already only
 * takes the newer facts (expiry, session id), so how it became paid is told once.
 */
export function writePaymentStatus(client: QueryClient, storage: PaymentStorage, wallet: string, next: PaidStatus, now = Date.now()): PaidStatus {
  const current = readPaymentStatus(client, wallet);
  const status: PaidStatus =
    next.isPaid && current.isPaid
      ? { ...current, expiresAt: next.expiresAt ?? current.expiresAt, sessionId: next.sessionId ?? current.sessionId, transactionHash: next.transactionHash ?? current.transactionHash }
      : next;
  client.setQueryData(paymentStatusKey(wallet), status);
  if (status.isPaid || current.isPaid) storage.clearSession();
  if (!status.isPaid) return status;
  const timestamp = status.expiresAt ? status.expiresAt - ACCESS_MS : now;
  storage.writeSession({ isPaid: true, transactionHash: status.transactionHash ?? '', walletAddress: wallet, status: 'confirmed', timestamp });
  if (status.sessionId) storage.writeSessionId(status.sessionId);
  return status;
}

/**
 * A status from the event stream or check-payment-status, for the page's `wallet` (another wallet's is
 * not this page's). Paid → paid; only 'none' (no grant at all) takes access away, as 'verifying' or
 * a refused later payment do not end the current grant.
 */
export function applyServerStatus(client: QueryClient, storage: PaymentStorage, status: PaymentStatus, wallet: string | null, paying: boolean): void {
  if (!wallet || status.wallet.toLowerCase() !== wallet.toLowerCase()) return;
  if (status.isPaid) writePaymentStatus(client, storage, wallet, paidFrom(status, paying ? 'payment' : 'existing'));
  else if (status.status === 'none' && readPaymentStatus(client, wallet).isPaid) writePaymentStatus(client, storage, wallet, UNPAID);
}

/** Spec §7 session-info, polled every 60 s while paid and connected: the countdown stays right and expiry is noticed. */
export const paymentStatusQuery = (client: QueryClient, storage: PaymentStorage, wallet: string, enabled: boolean) =>
  queryOptions({
    queryKey: paymentStatusKey(wallet),
    queryFn: async (): Promise<PaidStatus> => {
      const info = await getWalletSessionInfo(wallet);
      return writePaymentStatus(client, storage, wallet, info.isValid ? paidFrom(info, null) : UNPAID);
    },
    enabled,
    staleTime: SESSION_INFO_POLL_MS,
    refetchInterval: enabled ? SESSION_INFO_POLL_MS : false,
    refetchOnWindowFocus: false,
    retry: false,
  });
