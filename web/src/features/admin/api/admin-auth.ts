import type { AdminVerifyRequest } from '@shm/contracts';
import { adminContract } from '@shm/contracts/admin';
import { callApi } from '../../../lib/api-client';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A SIWE-format challenge for the wallet (403 when it is not the admin wallet). */
export async function requestAdminChallenge(walletAddress: string): Promise<string> {
  return (await callApi(adminContract.challenge, { body: { walletAddress } })).challenge;
}

export async function verifyAdminSignature(body: AdminVerifyRequest): Promise<string> {
  return (await callApi(adminContract.verify, { body })).adminToken;
}

/** Revokes the token on the server; the caller ignores a failure (spec §7). */
export async function logoutAdmin(token: string): Promise<void> {
  await callApi(adminContract.logout, { headers: bearer(token) });
}
