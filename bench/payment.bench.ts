// `npm run bench:payment`: the time from a 0.1 SHM payment being mined on the local chain to the
// payment event stream, read through the gateway, reporting access granted. One signed-in wallet
// pays BENCH_N times (default 20); each time it starts a session, pays, reports the hash (as the page
// does) and waits for `confirmed` on GET /api/payment/events. Prints n, median, p95, min and max.
// Runs with tsx (see package.json) so it signs in with the contracts' own EIP-4361 message builder.
import path from 'node:path';
import { type HDNodeWallet, JsonRpcProvider, Wallet, parseEther } from 'ethers';
import { buildSiweMessage, paymentContract, signInFields } from '@shm/contracts';
import { ROOT, ensureNodeModules, log } from '../scripts/lib/deps';

ensureNodeModules();
const { startStack } = await import('../scripts/lib/stack');
const { offsetPorts } = await import('../scripts/lib/processes');

const N = Number(process.env.BENCH_N ?? 20);
/** Hardhat's default account #10 funds the bench wallet (its key is public; local chain only). */
const FUNDER = '0xBcd4042DE499D14e55001CcbB24a551F3b954096';
const ports = offsetPorts(2000);

const stack = await startStack({ ports, env: { LOG_LEVEL: 'warn' }, logDir: path.join(ROOT, '.run/bench-logs'), only: ['payments', 'gateway'] });
const gateway = `http://127.0.0.1:${ports.GATEWAY_PORT}`;
const chain = new JsonRpcProvider(stack.env.CHAIN_RPC_URL, undefined, { cacheTimeout: -1 });

async function signIn(wallet: HDNodeWallet): Promise<string> {
  const nonce = (await (await fetch(`${gateway}/api/auth/nonce`)).json()) as Parameters<typeof signInFields>[0];
  const message = buildSiweMessage(signInFields(nonce, wallet.address));
  const res = await fetch(`${gateway}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature: await wallet.signMessage(message) }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** Reads the event stream; `waitFor(sessionId)` resolves when that session is reported confirmed. */
async function openStream(cookie: string): Promise<{ waitFor: (sessionId: string) => Promise<number> }> {
  const res = await fetch(`${gateway}/api/payment/events`, { headers: { cookie, accept: 'text/event-stream' } });
  if (!res.ok || !res.body) throw new Error(`event stream: ${res.status}`);
  const body = res.body;
  const confirmedAt = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      buffer += decoder.decode(read.value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const data = buffer.slice(0, end).split('\n').find((line) => line.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        if (!data) continue;
        const status = JSON.parse(data.slice(6)) as { status: string; sessionId: string };
        if (status.status !== 'confirmed' || confirmedAt.has(status.sessionId)) continue;
        confirmedAt.set(status.sessionId, performance.now());
        waiting.get(status.sessionId)?.();
      }
    }
  })().catch(() => {});
  return {
    waitFor: (sessionId) =>
      confirmedAt.has(sessionId)
        ? Promise.resolve(confirmedAt.get(sessionId) ?? NaN)
        : new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`no confirmation for ${sessionId} within 30 s`)), 30_000);
            waiting.set(sessionId, () => {
              clearTimeout(timer);
              resolve(confirmedAt.get(sessionId) ?? NaN);
            });
          }),
  };
}

const post = async <T>(cookie: string, route: string, body: unknown): Promise<T> => {
  const res = await fetch(`${gateway}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  return (await res.json()) as T;
};

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

try {
  const wallet = Wallet.createRandom().connect(chain);
  const funder = await chain.getSigner(FUNDER);
  await (await funder.sendTransaction({ to: wallet.address, value: parseEther(String(N)) })).wait();
  const cookie = await signIn(wallet);
  const stream = await openStream(cookie);
  const latencies: number[] = [];
  log(`bench: ${N} payments of 0.1 SHM, mined → 'confirmed' on the event stream through the gateway`);
  for (let i = 0; i < N; i += 1) {
    const { sessionId, recipient, amount } = await post<{ sessionId: string; recipient: string; amount: string }>(cookie, paymentContract.initiate.path, { walletAddress: wallet.address });
    const tx = await wallet.sendTransaction({ to: recipient, value: parseEther(amount) });
    // The local chain mines on send: the transaction is in a block once its receipt is there.
    await chain.waitForTransaction(tx.hash);
    const minedAt = performance.now();
    await post(cookie, paymentContract.submitted.path, { walletAddress: wallet.address, transactionHash: tx.hash, sessionId });
    latencies.push((await stream.waitFor(sessionId)) - minedAt);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (value: number | undefined): string => `${(value ?? NaN).toFixed(1)} ms`;
  console.log('\nmined → access granted on GET /api/payment/events (through the gateway)');
  console.log(`n ${sorted.length}   median ${ms(percentile(sorted, 50))}   p95 ${ms(percentile(sorted, 95))}   min ${ms(sorted[0])}   max ${ms(sorted.at(-1))}`);
  process.exitCode = 0;
} finally {
  chain.destroy();
  await stack.stop();
}
process.exit(process.exitCode ?? 0);
