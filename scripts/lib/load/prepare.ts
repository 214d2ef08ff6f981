// What k6 cannot do itself (it cannot sign): the admin's sign-in, and wallets funded on the local chain
// and signed in (EIP-4361) through the web entry, written to a fixtures file k6 reads. The wallets'
// keys stay in this process, with the payer (payer.ts).
import { writeFileSync } from 'node:fs';
import { type HDNodeWallet, type JsonRpcProvider, Wallet, parseEther } from 'ethers';
import { adminContract } from '@shm/contracts';
import { gatewayClient, recorder, signIn, sleep, visitorIp } from '../drill/client';
import { receiptOf } from './payer';

/** Hardhat's default account #0 (the dev ADMIN_WALLET); its key is public, local chain only. */
const ADMIN_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** Hardhat's account #6 funds the payers (#0 is the admin, #1 the recipient, #5 the drill's funder). */
const FUNDER_INDEX = 6;

/** A wallet funded and signed in for the paid flow; its key stays in this process. */
export interface SignedInWallet {
  wallet: HDNodeWallet;
  address: string;
  cookie: string;
  ip: string;
}

async function json<T>(base: string, method: string, route: string, { body, token, ip = visitorIp() }: { body?: unknown; token?: string; ip?: string } = {}): Promise<T> {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The admin's bearer token (challenge signed by the admin wallet), with the payment gate turned off. */
export async function adminSession(base: string): Promise<string> {
  const admin = new Wallet(ADMIN_KEY);
  const ip = visitorIp();
  const { challenge } = await json<{ challenge: string }>(base, 'POST', adminContract.challenge.path, { body: { walletAddress: admin.address }, ip });
  const { adminToken } = await json<{ adminToken: string }>(base, 'POST', adminContract.verify.path, { body: { walletAddress: admin.address, challenge, signature: await admin.signMessage(challenge) }, ip });
  const { flags } = await json<{ flags: Record<string, boolean> }>(base, 'GET', adminContract.readFlags.path, { token: adminToken, ip });
  // The calculator scenario is the public calculator: with the gate on, anonymous calls would get 403.
  if (flags.paymentGate) await json(base, 'POST', adminContract.setFlag.path, { body: { feature: 'paymentGate', enabled: false }, token: adminToken, ip });
  return adminToken;
}

/** Waits until the network service serves the stand-in's live data (its first poll after start). */
export async function networkLive(base: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${base}/api/shardeum-network`).catch(() => null);
    const body = res?.ok ? ((await res.json()) as { data?: { isEstimate?: boolean } }) : null;
    if (body?.data && !body.data.isEstimate) return;
    if (Date.now() > deadline) throw new Error(`no live network data within ${timeoutMs / 1000} s`);
    await sleep(500);
  }
}

/** `count` fresh wallets, each holding 0.2 SHM and signed in at `base` from an address of its own. */
export async function signedInWallets(base: string, chain: JsonRpcProvider, count: number): Promise<SignedInWallet[]> {
  const accounts = (await chain.send('eth_accounts', [])) as string[];
  const funder = await chain.getSigner(accounts[FUNDER_INDEX]);
  const wallets = Array.from({ length: count }, () => Wallet.createRandom().connect(chain));
  // One after the other: the funder's nonces stay in order (the chain mines each at once).
  for (const wallet of wallets) await receiptOf(chain, (await funder.sendTransaction({ to: wallet.address, value: parseEther('0.2') })).hash);
  const call = gatewayClient(base, recorder());
  const signedIn: SignedInWallet[] = [];
  for (let i = 0; i < wallets.length; i += 8) {
    signedIn.push(
      ...(await Promise.all(
        wallets.slice(i, i + 8).map(async (wallet) => {
          const ip = visitorIp();
          const cookie = await signIn(call, wallet, ip);
          if (!cookie) throw new Error(`wallet ${wallet.address} could not sign in`);
          return { wallet, address: wallet.address.toLowerCase(), cookie, ip };
        }),
      )),
    );
  }
  return signedIn;
}

/** The file k6 reads (FIXTURES): the admin token and the wallets without their keys. */
export function writeFixtures(file: string, { adminToken, wallets }: { adminToken: string; wallets: SignedInWallet[] }): void {
  writeFileSync(file, JSON.stringify({ adminToken, wallets: wallets.map(({ address, cookie, ip }) => ({ address, cookie, ip })) }));
}
