import { PAYMENT_STATUS_EVENT, pathOf, type PaymentStatus } from '@shm/contracts';
import { authContract } from '@shm/contracts/auth';
import { paymentContract } from '@shm/contracts/payments';
import { callApi, type ApiFetch } from '../../../lib/api-client';

/**
 * Every call of the payment feature (spec §7), in one place: wallet sign-in at the gateway, the
 * payment calls (each acts for the signed-in wallet) and the payment event stream, each reply checked
 * against its route's reply schema by callApi. Loaded on first use through payment-api.ts.
 */
export const getSignInNonce = () => callApi(authContract.nonce);
export const signInWithSignature = (message: string, signature: string) => callApi(authContract.verify, { body: { message, signature } });
export const getWalletSession = () => callApi(authContract.session);
export const signOutWallet = async (): Promise<void> => {
  await callApi(authContract.logout);
};

export const registerWallet = (walletAddress: string) => callApi(paymentContract.registerWallet, { body: { walletAddress } });
export const initiatePayment = (walletAddress: string) => callApi(paymentContract.initiate, { body: { walletAddress } });
export const reportPaymentSubmitted = (walletAddress: string, transactionHash: string, sessionId: string) =>
  callApi(paymentContract.submitted, { body: { walletAddress, transactionHash, sessionId } });
export const verifyPayment = (transactionHash: string, walletAddress: string) => callApi(paymentContract.verify, { body: { transactionHash, walletAddress } });
export const getWalletSessionInfo = async (address: string) => (await callApi(paymentContract.sessionInfo, { params: { address } })).sessionInfo;
export const getPaymentSession = (sessionId: string) => callApi(paymentContract.session, { params: { sessionId } });
export const clearServerSession = (sessionId: string) => callApi(paymentContract.clearSession, { params: { sessionId } });
export const checkPaymentStatus = (address: string) => callApi(paymentContract.checkStatus, { params: { address } });

export const getWalletConnectConfig = (signal?: AbortSignal, fetch?: ApiFetch) => callApi(paymentContract.walletConnectConfig, { signal, fetch });

/**
 * Follows GET /api/payment/events (server-sent `payment-status` events). EventSource reconnects by
 * itself (the server asks for 3 s); a malformed event is skipped, the next carries the whole status.
 * `onOpen(false)` when the stream cannot be opened or drops, `onOpen(true)` once it is open again.
 */
export function subscribePaymentEvents(onStatus: (status: PaymentStatus) => void, onOpen: (open: boolean) => void = () => undefined): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(pathOf(paymentContract.events), { withCredentials: true });
  const onMessage = (event: MessageEvent<string>) => {
    try {
      const parsed = paymentContract.events.reply.safeParse(JSON.parse(event.data));
      if (parsed.success) onStatus(parsed.data);
    } catch {
      // not JSON: skipped
    }
  };
  source.addEventListener(PAYMENT_STATUS_EVENT, onMessage as EventListener);
  source.addEventListener('open', () => onOpen(true));
  source.addEventListener('error', () => onOpen(false));
  return () => source.close();
}
