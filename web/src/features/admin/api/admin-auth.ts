import { adminRoutes, AdminChallengeReplySchema, AdminVerifyReplySchema, type AdminVerifyRequest } from '@shm/contracts';
import { callApi } from '../../../lib/api-client';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A SIWE-format challenge for the wallet (403 when it is not the admin wallet). */
export async function requestAdminChallenge(walletAddress: string): Promise<string> {
  const reply = await callApi(adminRoutes.challenge, { body: { walletAddress } });
  return AdminChallengeReplySchema.parse(reply).challenge;
}

export async function verifyAdminSignature(body: AdminVerifyRequest): Promise<string> {
  const reply = await callApi(adminRoutes.verify, { body });
  return AdminVerifyReplySchema.parse(reply).adminToken;
}

/** Revokes the token on the server; the caller ignores a failure (spec §7). */
export async function logoutAdmin(token: string): Promise<void> {
  await callApi(adminRoutes.logout, { headers: bearer(token) });
}
