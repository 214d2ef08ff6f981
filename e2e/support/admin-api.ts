import { Wallet } from 'ethers';
import { BASE_URL } from './browser';

/** Hardhat's default account #0: the dev ADMIN_WALLET. The key is public and for tests only. */
export const ADMIN_PRIVATE_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

const below = (n: number) => Math.floor(Math.random() * n);
/**
 * A client address of its own per test file, so the admin rate limit never spans files: drawn from
 * the 4 million of 100.64.0.0/10 (shared address space). With 254 addresses two of the 9 files
 * that call it shared one in about one run in eight, and when those were the fuzz and the admin
 * page test, the fuzz's admin calls used up the other's 20 requests.
 */
export const testClientIp = () => `100.${64 + below(64)}.${below(256)}.${1 + below(254)}`;

/** Signs in as admin through the API (the way the page does, without a browser); returns the bearer token. */
export async function adminTokenFor(ip: string, key = ADMIN_PRIVATE_KEY): Promise<string> {
  const wallet = new Wallet(key);
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${BASE_URL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, string>;
  };
  const { challenge } = await post('/api/admin/auth/challenge', { walletAddress: wallet.address });
  if (!challenge) throw new Error('admin sign-in: the challenge reply has no challenge');
  const { adminToken } = await post('/api/admin/auth/verify', {
    walletAddress: wallet.address,
    challenge,
    signature: await wallet.signMessage(challenge),
  });
  if (!adminToken) throw new Error('admin sign-in: the verify reply has no adminToken');
  return adminToken;
}

export async function setFlagAsAdmin(ip: string, token: string, feature: string, enabled: boolean): Promise<void> {
  const res = await fetch(`${BASE_URL}/api/admin/feature-flags`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
    body: JSON.stringify({ feature, enabled }),
  });
  if (!res.ok) throw new Error(`set flag: ${res.status} ${await res.text()}`);
}

/**
 * Sets each flag in `changes` as the admin, from client address `ip`. A fuzz that turns flags on
 * puts every flag it found back with this afterwards, each set again: a read just then may come
 * from the web entry's short flag cache, so it cannot tell which ones changed.
 */
export async function setFlagsAsAdmin(ip: string, changes: Record<string, boolean>): Promise<void> {
  const token = await adminTokenFor(ip);
  for (const [feature, enabled] of Object.entries(changes)) await setFlagAsAdmin(ip, token, feature, enabled);
}

export async function publicFlags(): Promise<Record<string, boolean>> {
  return ((await (await fetch(`${BASE_URL}/api/feature-flags`)).json()) as { flags: Record<string, boolean> }).flags;
}
