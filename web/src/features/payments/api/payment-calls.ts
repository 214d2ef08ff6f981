import {
  CheckPaymentStatusReplySchema, ClearSessionReplySchema, InitiatePaymentReplySchema, NonceReplySchema, PAYMENT_STATUS_EVENT, PaymentSessionReplySchema, PaymentStatusSchema,
  PaymentSubmittedReplySchema, RegisterWalletReplySchema, SessionReplySchema, VerifyPaymentReplySchema, WalletConnectConfigReplySchema, WalletSessionInfoReplySchema, authRoutes, paymentRoutes, pathOf, type PaymentStatus,
} from '@shm/contracts';
import { callApi } from '../../../lib/api-client';

/**
 * Every call of the payment feature (spec §7), in one place: wallet sign-in at the gateway, the
 * payment calls (each acts for the signed-in wallet) and the payment event stream, each reply checked
 * against its contract schema. Loaded on first use through payment-api.ts.
 */
export const getSignInNonce = async () => NonceReplySchema.parse(await callApi(authRoutes.nonce));
export const signInWithSignature = async (message: string, signature: string) =>
  SessionReplySchema.parse(await callApi(authRoutes.verify, { body: { message, signature } }));
export const getWalletSession = async () => SessionReplySchema.parse(await callApi(authRoutes.session));
export const signOutWallet = async (): Promise<void> => void (await callApi(authRoutes.logout));

export const registerWallet = async (walletAddress: string) => RegisterWalletReplySchema.parse(await callApi(paymentRoutes.registerWallet, { body: { walletAddress } }));
export const initiatePayment = async (walletAddress: string) => InitiatePaymentReplySchema.parse(await callApi(paymentRoutes.initiate, { body: { walletAddress } }));
export const reportPaymentSubmitted = async (walletAddress: string, transactionHash: string, sessionId: string) =>
  PaymentSubmittedReplySchema.parse(await callApi(paymentRoutes.submitted, { body: { walletAddress, transactionHash, sessionId } }));
export const verifyPayment = async (transactionHash: string, walletAddress: string) =>
  VerifyPaymentReplySchema.parse(await callApi(paymentRoutes.verify, { body: { transactionHash, walletAddress } }));
export const getWalletSessionInfo = async (address: string) =>
  WalletSessionInfoReplySchema.parse(await callApi(paymentRoutes.sessionInfo, { params: { address } })).sessionInfo;
export const getPaymentSession = async (sessionId: string) => PaymentSessionReplySchema.parse(await callApi(paymentRoutes.session, { params: { sessionId } }));
export const clearServerSession = async (sessionId: string) =>
  ClearSessionReplySchema.parse(await callApi(paymentRoutes.clearSession, { params: { sessionId } }));
export const checkPaymentStatus = async (address: string) => CheckPaymentStatusReplySchema.parse(await callApi(paymentRoutes.checkStatus, { params: { address } }));

export const getWalletConnectConfig = async (signal?: AbortSignal) =>
  WalletConnectConfigReplySchema.parse(await callApi(paymentRoutes.walletConnectConfig, { signal }));

/**
 * Follows GET /api/payment/events (server-sent `payment-status` events). EventSource reconnects by
 * itself (the server asks for 3 s); a malformed event is skipped, the next carries the whole status.
 */
export function subscribePaymentEvents(onStatus: (status: PaymentStatus) => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(pathOf(paymentRoutes.events), { withCredentials: true });
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
