import {
  CheckPaymentStatusReplySchema,
  ClearSessionReplySchema,
  InitiatePaymentReplySchema,
  PaymentSessionReplySchema,
  PaymentSubmittedReplySchema,
  RegisterWalletReplySchema,
  VerifyPaymentReplySchema,
  WalletSessionInfoReplySchema,
  type CheckPaymentStatusReply,
  type InitiatePaymentReply,
  type PaymentSessionReply,
  type RegisterWalletReply,
  type SessionInfo,
  type VerifyPaymentReply,
} from '@shm/contracts';
import { API_PATHS } from '../../../config/api-paths';
import { apiRequest } from '../../../lib/api-client';

/** Spec §7 payment calls. Each acts for the signed-in wallet; the address sent must be that wallet. */
const post = (url: string, body?: unknown) => apiRequest(url, { method: 'POST', body });

export const registerWallet = async (walletAddress: string): Promise<RegisterWalletReply> =>
  RegisterWalletReplySchema.parse(await post(API_PATHS.walletRegister, { walletAddress }));

export const initiatePayment = async (walletAddress: string): Promise<InitiatePaymentReply> =>
  InitiatePaymentReplySchema.parse(await post(API_PATHS.paymentInitiate, { walletAddress }));

export async function reportPaymentSubmitted(walletAddress: string, transactionHash: string, sessionId: string): Promise<void> {
  PaymentSubmittedReplySchema.parse(await post(API_PATHS.paymentSubmitted, { walletAddress, transactionHash, sessionId }));
}

export const verifyPayment = async (transactionHash: string, walletAddress: string): Promise<VerifyPaymentReply> =>
  VerifyPaymentReplySchema.parse(await post(API_PATHS.verifyPayment, { transactionHash, walletAddress }));

export const getWalletSessionInfo = async (address: string): Promise<SessionInfo> =>
  WalletSessionInfoReplySchema.parse(await apiRequest(API_PATHS.walletSessionInfo(address))).sessionInfo;

export const getPaymentSession = async (sessionId: string): Promise<PaymentSessionReply> =>
  PaymentSessionReplySchema.parse(await apiRequest(API_PATHS.paymentSession(sessionId)));

export async function clearServerSession(sessionId: string): Promise<void> {
  ClearSessionReplySchema.parse(await apiRequest(API_PATHS.paymentSession(sessionId), { method: 'DELETE' }));
}

export const checkPaymentStatus = async (address: string): Promise<CheckPaymentStatusReply> =>
  CheckPaymentStatusReplySchema.parse(await post(API_PATHS.checkPaymentStatus(address)));
