import { NonceReplySchema, SessionReplySchema, type NonceReply, type SessionReply } from '@shm/contracts';
import { API_PATHS } from '../../../config/api-paths';
import { apiRequest } from '../../../lib/api-client';

/** Wallet sign-in (EIP-4361) at the gateway: nonce → signed message → HttpOnly session cookie. */
export const getSignInNonce = async (): Promise<NonceReply> => NonceReplySchema.parse(await apiRequest(API_PATHS.authNonce));

export const signInWithWallet = async (message: string, signature: string): Promise<SessionReply> =>
  SessionReplySchema.parse(await apiRequest(API_PATHS.authVerify, { method: 'POST', body: { message, signature } }));

export const getWalletSession = async (): Promise<SessionReply> => SessionReplySchema.parse(await apiRequest(API_PATHS.authSession));

export async function signOutWallet(): Promise<void> {
  await apiRequest(API_PATHS.authLogout, { method: 'POST' });
}
