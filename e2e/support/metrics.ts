// The metrics end-to-end test's helpers: where each process of the stack serves /metrics, a wallet
// that signs in and pays through the public API (no browser), and an extra payments worker process.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { JsonRpcProvider, Wallet, parseEther } from 'ethers';
import { buildSiweMessage, signInFields, type InitiatePaymentReply, type NonceReply } from '@shm/contracts';
import { scrape, type Scrape } from '@shm/platform/testing';
import { BASE_URL } from './browser';

const ROOT = path.resolve(__dirname, '../..');
/** Hardhat's default account #3 (a public dev key): funds this file's wallets, apart from the accounts other files use. */
const FUNDER_KEY = '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6';
const RPC_URL = process.env.CHAIN_RPC_URL ?? 'http://127.0.0.1:8545';

const local = (portVar: string, fallback: number) => `http://127.0.0.1:${process.env[portVar] ?? fallback}/metrics`;

/** Each process of the stack and where it serves /metrics: its own port, and the web entry's metrics port. */
export const METRICS_URLS = {
  calc: local('CALC_PORT', 8101),
  network: local('NETWORK_PORT', 8103),
  payments: local('PAYMENTS_PORT', 8102),
  dashboard: local('DASHBOARD_PORT', 8104),
  alerts: local('ALERTS_PORT', 8105),
  'node-tracking': local('NODE_TRACKING_PORT', 8106),
  gateway: local('GATEWAY_PORT', 8000),
  web: local('WEB_METRICS_PORT', 8090),
};
export type ProcessName = keyof typeof METRICS_URLS | 'payments-worker';

export async function scrapeAll(urls: Record<string, string>): Promise<Record<string, Scrape>> {
  const entries = await Promise.all(Object.entries(urls).map(async ([name, url]) => [name, await scrape(url)] as const));
  return Object.fromEntries(entries);
}

/** Calls the public entry as a client at `ip` (the stack trusts X-Forwarded-For from the test). */
export async function call(ip: string, method: string, pathname: string, { body, cookie }: { body?: unknown; cookie?: string } = {}) {
  const res = await fetch(`${BASE_URL}${pathname}`, {
    method,
    headers: { 'x-forwarded-for': ip, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: (): unknown => JSON.parse(text) };
}

/** A fresh wallet holding 1 SHM, signed in through the API (EIP-4361): its session cookie. */
export async function signedInWallet(ip: string): Promise<{ wallet: Wallet; cookie: string; chain: JsonRpcProvider }> {
  const chain = new JsonRpcProvider(RPC_URL, 8118, { staticNetwork: true, cacheTimeout: -1 });
  const wallet = Wallet.createRandom().connect(chain) as unknown as Wallet;
  await (await new Wallet(FUNDER_KEY, chain).sendTransaction({ to: wallet.address, value: parseEther('1') })).wait();
  const nonce = (await call(ip, 'GET', '/api/auth/nonce')).json() as NonceReply;
  const message = buildSiweMessage(signInFields(nonce, wallet.address));
  const res = await fetch(`${BASE_URL}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ message, signature: await wallet.signMessage(message) }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('sign-in: the reply sets no session cookie');
  return { wallet, cookie, chain };
}

/** Starts a payment session, pays it on the chain and reports the hash, which queues a verification job. */
export async function payThroughApi(ip: string, { wallet, cookie }: { wallet: Wallet; cookie: string }) {
  const walletAddress = wallet.address.toLowerCase();
  const initiated = await call(ip, 'POST', '/api/payment/initiate', { cookie, body: { walletAddress } });
  if (initiated.status !== 200) throw new Error(`initiate: ${initiated.status} ${initiated.text}`);
  const { sessionId, recipient, amount } = initiated.json() as InitiatePaymentReply;
  const tx = await wallet.sendTransaction({ to: recipient, value: parseEther(amount) });
  await tx.wait();
  const reported = await call(ip, 'POST', '/api/payment/submitted', { cookie, body: { walletAddress, transactionHash: tx.hash, sessionId } });
  if (reported.status !== 200) throw new Error(`submitted: ${reported.status} ${reported.text}`);
  return { sessionId, txHash: tx.hash };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A second payments process with PAYMENTS_ROLE=worker against the stack's Redis and MongoDB, as compose and k8s run it. */
export async function startPaymentsWorker(): Promise<{ metricsUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services/payments/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PAYMENTS_ROLE: 'worker', PAYMENTS_PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await fetch(`${url}/readyz`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null) throw new Error(`the payments worker exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the payments worker did not get ready');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    metricsUrl: `${url}/metrics`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
