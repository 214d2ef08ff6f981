import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  CheckPaymentStatusReplySchema,
  ClearSessionReplySchema,
  InitiatePaymentReplySchema,
  NonceReplySchema,
  PAYMENT_STATUS_EVENT,
  PaymentSessionReplySchema,
  PaymentStatusSchema,
  PaymentSubmittedReplySchema,
  RegisterWalletReplySchema,
  SessionReplySchema,
  VerifyPaymentReplySchema,
  WalletConnectConfigReplySchema,
  WalletSessionInfoReplySchema,
  type PaymentStatus,
} from '@shm/contracts';
import { API_PATHS } from '../../../config/api-paths';
import { apiRequest } from '../../../lib/api-client';

/**
 * Every call of the payment feature (spec §7), in one place: wallet sign-in at the gateway, the
 * payment calls (each acts for the signed-in wallet) and the payment event stream.
 */
const post = (url: string, body?: unknown) => apiRequest(url, { method: 'POST', body });

export const getSignInNonce = async () => NonceReplySchema.parse(await apiRequest(API_PATHS.authNonce));
export const signInWithSignature = async (message: string, signature: string) =>
  SessionReplySchema.parse(await post(API_PATHS.authVerify, { message, signature }));
export const getWalletSession = async () => SessionReplySchema.parse(await apiRequest(API_PATHS.authSession));
export const signOutWallet = async (): Promise<void> => void (await post(API_PATHS.authLogout));

export const registerWallet = async (walletAddress: string) => RegisterWalletReplySchema.parse(await post(API_PATHS.walletRegister, { walletAddress }));
export const initiatePayment = async (walletAddress: string) => InitiatePaymentReplySchema.parse(await post(API_PATHS.paymentInitiate, { walletAddress }));
export const reportPaymentSubmitted = async (walletAddress: string, transactionHash: string, sessionId: string) =>
  PaymentSubmittedReplySchema.parse(await post(API_PATHS.paymentSubmitted, { walletAddress, transactionHash, sessionId }));
export const verifyPayment = async (transactionHash: string, walletAddress: string) =>
  VerifyPaymentReplySchema.parse(await post(API_PATHS.verifyPayment, { transactionHash, walletAddress }));
export const getWalletSessionInfo = async (address: string) =>
  WalletSessionInfoReplySchema.parse(await apiRequest(API_PATHS.walletSessionInfo(address))).sessionInfo;
export const getPaymentSession = async (sessionId: string) => PaymentSessionReplySchema.parse(await apiRequest(API_PATHS.paymentSession(sessionId)));
export const clearServerSession = async (sessionId: string) =>
  ClearSessionReplySchema.parse(await apiRequest(API_PATHS.paymentSession(sessionId), { method: 'DELETE' }));
export const checkPaymentStatus = async (address: string) => CheckPaymentStatusReplySchema.parse(await post(API_PATHS.checkPaymentStatus(address)));

/** Spec §7: projectId, networks, metadata, and what a payment must be. Fetched once per page load. */
export const walletConnectConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['walletconnect-config'],
    queryFn: async ({ signal }) => WalletConnectConfigReplySchema.parse(await apiRequest(API_PATHS.walletConnectConfig, { signal })),
  });
export const useWalletConnectConfig = () => useQuery(walletConnectConfigQueryOptions());

/**
 * Follows GET /api/payment/events (server-sent `payment-status` events). EventSource reconnects by
 * itself (the server asks for 3 s); a malformed event is skipped, the next carries the whole status.
 */
export function subscribePaymentEvents(onStatus: (status: PaymentStatus) => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(API_PATHS.paymentEvents, { withCredentials: true });
  const onMessage = (event: MessageEvent<string>) => {
    try {
      const parsed = PaymentStatusSchema.safeParse(JSON.parse(event.data));
      if (parsed.success) onStatus(parsed.data);
    } catch {
      // not JSON: skipped
    }
  };
  source.addEventListener(PAYMENT_STATUS_EVENT, onMessage as EventListener);
  return () => source.close();
}
