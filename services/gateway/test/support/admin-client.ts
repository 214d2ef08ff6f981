import type { HDNodeWallet, Signer, Wallet } from 'ethers';
import { parseSiweMessage, type AdminChallengeReply, type AdminFlagsReply, type AdminVerifyReply, type SiweMessage, type SuccessReply } from '@shm/contracts';
import { postJson, readJson } from '@shm/platform/testing';
import { adminWallet, clientIp, type TestGateway } from './gateway';

/**
 * The admin routes of the gateway `on` as one client (its own address, so the admin rate limit
 * never trips a neighbour).
 */
export function adminClient(on: () => TestGateway, ip = clientIp()) {
  const headers = (token?: string) => ({ 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) });
  const url = (path: string) => `${on().url}${path}`;
  return {
    challenge: (walletAddress = adminWallet.address) => postJson<AdminChallengeReply>(url('/api/admin/auth/challenge'), { walletAddress }, headers()),
    verify: (body: Record<string, unknown>) => postJson<AdminVerifyReply>(url('/api/admin/auth/verify'), body, headers()),
    logout: (token?: string) => postJson<SuccessReply>(url('/api/admin/auth/logout'), '', headers(token)),
    flags: async (token?: string) => {
      const res = await fetch(url('/api/admin/feature-flags'), { headers: headers(token) });
      return { status: res.status, body: await readJson<AdminFlagsReply>(res) };
    },
  };
}

export type AdminClient = ReturnType<typeof adminClient>;

/** The sign-in message a challenge states; a challenge that is none fails the test by saying so. */
export function challengeMessage(challenge: string): SiweMessage {
  const message = parseSiweMessage(challenge);
  if (!message) throw new Error(`the challenge is not a sign-in message: ${challenge}`);
  return message;
}

/** A challenge from `client`, signed by `signer`. */
export async function signedChallenge(client: AdminClient, signer: Signer = adminWallet) {
  const { body } = await client.challenge();
  return { challenge: body.challenge, signature: await signer.signMessage(body.challenge) };
}

/** A token for `wallet` from the gateway `on`, through the routes. */
export async function adminToken(on: TestGateway, wallet: Wallet | HDNodeWallet = adminWallet): Promise<string> {
  const client = adminClient(() => on);
  const { body } = await client.challenge(wallet.address);
  const res = await client.verify({ walletAddress: wallet.address, signature: await wallet.signMessage(body.challenge), challenge: body.challenge });
  expect(res.status).toBe(200);
  return res.body.adminToken;
}
