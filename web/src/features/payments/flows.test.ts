import { QueryClient } from '@tanstack/react-query';
import type { PaymentStatus } from '@shm/contracts';
import { memoryStore, persistedStorage } from '../../lib/persisted-storage';
import type { Eip1193Provider } from '../../lib/wallet';
import { connectWallet } from './connection/connect';
import { pay, verifyTransaction } from './pay/pay';
import { disconnectWallet } from './session/session';
import { createPaymentDeps } from './state/page';
import { applyServerStatus, paymentStatusKey, readPaymentStatus, type PaidStatus } from './status/payment-status';
import { applyPageStatus } from './status/pending-outcome';

// Hardhat's account #2, as the wallet reports it (lower case) and in its EIP-55 form.
const WALLET = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const WALLET_EIP55 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const HASH = `0x${'ab'.repeat(32)}`;
const SESSION_ID = '6f1c2b0e-8d3a-4c55-9b7e-2a1d0c9e8f7a';
const EXPIRES = '2026-03-02T10:00:00.000Z';
const EXPIRES_MS = Date.UTC(2026, 2, 2, 10); // 1772445600000
const SHM = 10n ** 18n;

/** Spec §3 network definition of Shardeum, written out by hand: what the wallet must be asked to add. */
const SHARDEUM = {
  chainId: '0x1fb6', // 8118
  chainName: 'Shardeum',
  nativeCurrency: { name: 'Shardeum', symbol: 'SHM', decimals: 18 },
  rpcUrls: ['https://api.shardeum.org'],
  blockExplorerUrls: ['https://explorer.shardeum.org'],
};

/** A browser wallet (EIP-1193) on `chainId`, knowing only the chains in `known`; records every request. */
function fakeWallet({ chainId = '0x1', known = ['0x1'], balanceWei = 5n * SHM } = {}) {
  const requests: { method: string; params?: unknown }[] = [];
  const chains = new Set(known);
  let chain = chainId;
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      requests.push({ method, params });
      const first = (Array.isArray(params) ? params[0] : undefined) as { chainId: string } | undefined;
      // A wallet refuses a chain request without a chain (EIP-1193's invalid params).
      const chainAsked = () => {
        if (!first) throw Object.assign(new Error(`${method} names no chain`), { code: -32602 });
        return first.chainId;
      };
      switch (method) {
        case 'eth_chainId':
          return chain;
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [WALLET];
        case 'wallet_switchEthereumChain':
          if (!chains.has(chainAsked())) throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 });
          return void (chain = chainAsked());
        case 'wallet_addEthereumChain':
          chains.add(chainAsked());
          return void (chain = chainAsked());
        case 'personal_sign':
          return `0x${'cd'.repeat(65)}`;
        case 'eth_getBalance':
          return `0x${balanceWei.toString(16)}`;
        case 'eth_sendTransaction':
          return HASH;
        case 'eth_getTransactionReceipt':
          return { status: '0x1', blockNumber: '0x5' };
        case 'eth_blockNumber':
          return '0x5';
      }
      throw new Error(`unexpected wallet request ${method}`);
    },
    on: () => undefined,
    removeListener: () => undefined,
  };
  return { provider, requests };
}

type Route = (body: unknown) => { status?: number; body: unknown };
/** The server at the HTTP boundary: `routes` by 'METHOD path'; records every call. Unknown routes answer 404. */
function fakeServer(routes: Record<string, Route>) {
  const calls: { route: string; body: unknown }[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const route = `${init?.method ?? 'GET'} ${input instanceof Request ? input.url : String(input)}`;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ route, body });
    const reply = routes[route]?.(body) ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found', requestId: 'r1' } } };
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { calls, routes: () => calls.map((c) => c.route) };
}

const ok = (body: unknown): Route => () => ({ body });
const signedOut = { 'GET /api/auth/session': ok({ success: true, authenticated: false }) };
const signIn = {
  'GET /api/auth/nonce': ok({ success: true, nonce: 'abc123XYZ', domain: 'localhost', uri: 'http://localhost', chainId: 8118, expiresAt: '2026-03-01T10:05:00.000Z' }),
  'POST /api/auth/verify': ok({ success: true, authenticated: true, address: WALLET }),
};
const signedIn = { 'GET /api/auth/session': ok({ success: true, authenticated: true, address: WALLET }) };
const unregistered = ok({ success: true, walletAddress: WALLET, isPaid: false, hasPendingTransactions: false, pendingTransactions: [], sessionInfo: { isValid: false, hoursRemaining: 0 } });
const intent = ok({ success: true, sessionId: SESSION_ID, recipient: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', amount: '0.1', amountWei: String(SHM / 10n), chainId: 8118, createdAt: '2026-03-01T10:00:00.000Z' });
const submitted = ok({ success: true, sessionId: SESSION_ID, transactionHash: HASH, status: 'verifying' });
const verified = ok({ success: true, status: 'confirmed', transactionHash: HASH, sessionId: SESSION_ID, expiresAt: EXPIRES, hoursRemaining: 24, canRetry: false });
const paidEvent: PaymentStatus = { status: 'confirmed', isPaid: true, wallet: WALLET, sessionId: SESSION_ID, transactionHash: HASH, expiresAt: EXPIRES, hoursRemaining: 24, at: '2026-03-01T10:00:01.000Z' };

/** What the page stored under `key`, parsed. */
function storedJson(backing: { data: Map<string, string> }, key: string): unknown {
  const raw = backing.data.get(key);
  if (raw === undefined) throw new Error(`the page stored nothing under ${key}`);
  return JSON.parse(raw);
}

/** A page: its flows' dependencies over memory storage, timers recorded (run by hand), toasts recorded. */
function page(initial: Record<string, string> = {}) {
  const backing = memoryStore(initial);
  const client = new QueryClient();
  const toasts: string[] = [];
  const deps = createPaymentDeps(client, persistedStorage(() => backing), (toast) => void toasts.push(toast.summary ?? ''));
  const timers: { name: string; ms: number; run: () => void }[] = [];
  jest.spyOn(deps.timers, 'schedule').mockImplementation((name, ms, run) => void timers.push({ name, ms, run }));
  // How the page tells a payment (spec §4): once per change of the wallet's status from unpaid to paid.
  const becamePaid: PaidStatus['via'][] = [];
  let wasPaid = false;
  client.getQueryCache().subscribe(() => {
    const now = readPaymentStatus(client, WALLET).isPaid;
    if (now && !wasPaid) becamePaid.push(readPaymentStatus(client, WALLET).via);
    wasPaid = now;
  });
  return { deps, client, backing, toasts, timers, becamePaid };
}

/** Lets the flows' unawaited steps (balance, registration check) finish. */
const settle = async () => {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

async function connect(flowPage: ReturnType<typeof page>, wallet = fakeWallet({ chainId: '0x1fb6', known: ['0x1fb6'] })) {
  const connected = await connectWallet(flowPage.deps, async () => ({ provider: wallet.provider, address: WALLET }), 'browser', () => undefined);
  await settle();
  return { connected, wallet };
}

afterEach(() => jest.restoreAllMocks());

describe('connect', () => {
  it('when the wallet is on another chain and does not know Shardeum, then it is asked to switch, then to add the contract’s network, then to sign in', async () => {
    const server = fakeServer({ ...signedOut, ...signIn, 'POST /api/wallet/register': unregistered });
    const p = page();
    const wallet = fakeWallet();
    const { connected } = await connect(p, wallet);

    expect(connected).toBe(true);
    const asked = wallet.requests.filter((r) => r.method.startsWith('wallet_') || r.method === 'personal_sign');
    expect(asked.map((r) => r.method)).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'personal_sign']);
    expect(asked[0]?.params).toEqual([{ chainId: '0x1fb6' }]);
    expect(asked[1]?.params).toEqual([SHARDEUM]);
    const verifyCall = server.calls.find((c) => c.route === 'POST /api/auth/verify');
    if (!verifyCall) throw new Error('the page did not sign in');
    const signInBody = verifyCall.body as { message: string };
    expect(signInBody.message).toContain(WALLET_EIP55);
    expect(signInBody.message).toContain('Nonce: abc123XYZ');
    expect(p.deps.ui.get()).toMatchObject({ walletConnected: true, connection: 'connected', walletAddress: WALLET, chainOk: true, error: null, balanceWei: 5n * SHM });
    expect(p.toasts).toEqual(['Wallet Connected']);
    expect(p.backing.data.get('wallet_type')).toBe('browser');
    expect(readPaymentStatus(p.client, WALLET).isPaid).toBe(false);
  });

  it('when the registration check says the wallet paid before, then its status is paid with the server’s expiry, told once as an earlier payment', async () => {
    const sessionInfo = { isValid: true, hoursRemaining: 20, sessionId: SESSION_ID, expiresAt: EXPIRES, transactionHash: HASH };
    fakeServer({ ...signedIn, 'POST /api/wallet/register': ok({ success: true, walletAddress: WALLET, isPaid: true, hasPendingTransactions: false, pendingTransactions: [], sessionInfo }) });
    const p = page();
    await connect(p);

    expect(readPaymentStatus(p.client, WALLET)).toEqual({ isPaid: true, transactionHash: HASH, expiresAt: EXPIRES_MS, sessionId: SESSION_ID, via: 'existing' });
    expect(p.becamePaid).toEqual(['existing']);
    expect(p.deps.ui.get().isChecking).toBe(false);
    // 24 h before the expiry, as the §3 session's timestamp: 1772445600000 − 86400000.
    expect(storedJson(p.backing, 'paymentSession')).toEqual({ isPaid: true, transactionHash: HASH, walletAddress: WALLET, status: 'confirmed', timestamp: 1_772_359_200_000 });
    expect(p.backing.data.get('secure_session_id')).toBe(SESSION_ID);
  });

  it('when the registration check names a pending transaction, then the page shows it pending with the reason its status gives, and verifies nothing', async () => {
    const pending = { transactionHash: HASH, sessionId: SESSION_ID, status: 'submitted', submittedAt: '2026-03-01T10:00:00.000Z' };
    const waiting = { status: 'verifying', isPaid: false, wallet: WALLET, sessionId: SESSION_ID, transactionHash: HASH, hoursRemaining: 0, reason: 'TX_NOT_FOUND', error: 'Transaction not found on chain 8118 yet', canRetry: true, at: '2026-03-01T10:00:01.000Z' };
    const server = fakeServer({
      ...signedIn,
      'POST /api/wallet/register': ok({ success: true, walletAddress: WALLET, isPaid: false, hasPendingTransactions: true, pendingTransactions: [pending], sessionInfo: { isValid: false, hoursRemaining: 0 } }),
      [`POST /api/check-payment-status/${WALLET}`]: ok({ success: true, ...waiting, pendingTransactions: [pending] }),
    });
    const p = page();
    await connect(p);

    expect(p.deps.ui.get()).toMatchObject({ step: 'pending', pendingHash: HASH, verifyNote: 'Transaction not found on chain 8118 yet' });
    expect(p.timers).toEqual([]);
    expect(server.routes()).not.toContain('POST /api/verify-payment');
  });

  it('when the registration check fails on the server, then the page says "Failed to check payment status"', async () => {
    fakeServer({ ...signedIn, 'POST /api/wallet/register': () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'boom', requestId: 'r1' } } }) });
    const p = page();
    await connect(p);

    expect(p.deps.ui.get()).toMatchObject({ walletConnected: true, error: 'Failed to check payment status', isChecking: false });
  });
});

describe('pay', () => {
  const payServer = (verify: Route = verified) =>
    fakeServer({ ...signedIn, 'POST /api/wallet/register': unregistered, 'POST /api/payment/initiate': intent, 'POST /api/payment/submitted': submitted, 'POST /api/verify-payment': verify });

  it('when the visitor pays, then initiate → send → submitted → pending, nothing polls, and the stream\'s confirmation makes the wallet paid once', async () => {
    const server = payServer();
    const p = page();
    const { wallet } = await connect(p);
    await pay(p.deps);

    expect(wallet.requests.find((r) => r.method === 'eth_sendTransaction')?.params).toEqual([
      { from: WALLET, to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', value: '0x16345785d8a0000' }, // 0.1 SHM = 10^17 wei
    ]);
    expect(server.calls.find((c) => c.route === 'POST /api/payment/submitted')?.body).toEqual({ walletAddress: WALLET, transactionHash: HASH, sessionId: SESSION_ID });
    expect(p.deps.ui.get()).toMatchObject({ step: 'pending', pendingHash: HASH });
    expect(storedJson(p.backing, 'pendingTransaction')).toEqual({ transactionHash: HASH, wallet: WALLET });
    expect(p.timers).toEqual([]);

    applyPageStatus(p.deps, paidEvent);
    applyPageStatus(p.deps, paidEvent);
    await settle();
    expect(server.routes().filter((r) => r.startsWith('POST /api/payment') || r === 'POST /api/verify-payment')).toEqual(['POST /api/payment/initiate', 'POST /api/payment/submitted']);
    expect(readPaymentStatus(p.client, WALLET)).toEqual({ isPaid: true, transactionHash: HASH, expiresAt: EXPIRES_MS, sessionId: SESSION_ID, via: 'payment' });
    expect(p.becamePaid).toEqual(['payment']);
    expect(storedJson(p.backing, 'paymentSession')).toMatchObject({ isPaid: true, status: 'confirmed' });
  });

  it('when the visitor verifies by hand and the stream says paid after, then the wallet is still paid once', async () => {
    payServer();
    const p = page();
    await connect(p);
    await pay(p.deps);
    await verifyTransaction(p.deps, HASH);
    applyPageStatus(p.deps, { ...paidEvent, sessionId: 'session-later' });

    expect(p.becamePaid).toEqual(['payment']);
    expect(readPaymentStatus(p.client, WALLET)).toMatchObject({ isPaid: true, via: 'payment', sessionId: 'session-later' });
  });

  it('when the stream says the pending transaction is still being checked, then the reason shows under the notice; when it says refused for good, then the page says why and forgets the payment', async () => {
    payServer();
    const p = page();
    await connect(p);
    await pay(p.deps);
    const status = { ...paidEvent, isPaid: false, expiresAt: undefined, hoursRemaining: 0, canRetry: true };
    applyPageStatus(p.deps, { ...status, status: 'verifying', reason: 'TX_NOT_FOUND', error: 'Transaction not found on chain 8118 yet; it is checked again automatically' });
    expect(p.deps.ui.get()).toMatchObject({ step: 'pending', pendingHash: HASH, verifyNote: 'Transaction not found on chain 8118 yet; it is checked again automatically' });

    // A status for another transaction of the wallet says nothing about this one.
    applyPageStatus(p.deps, { ...status, status: 'failed', transactionHash: `0x${'cd'.repeat(32)}`, reason: 'AMOUNT_TOO_LOW', error: 'Transaction sent 0.09 SHM; the payment is 0.1 SHM', canRetry: false });
    expect(p.deps.ui.get()).toMatchObject({ step: 'pending', pendingHash: HASH });

    applyPageStatus(p.deps, { ...status, status: 'failed', reason: 'WRONG_RECIPIENT', error: 'Transaction was not sent to the payment address 0x7099', canRetry: false });
    expect(p.deps.ui.get()).toMatchObject({ step: 'idle', pendingHash: null, error: 'Transaction was not sent to the payment address 0x7099' });
    expect(p.toasts).toContain('Payment Verification Failed');
    expect(p.backing.data.has('pendingTransaction')).toBe(false);
    expect(p.becamePaid).toEqual([]);
  });

  it('when Verify Payment is pressed and the answer is "being processed", then the notice stays with the reason and nothing is scheduled', async () => {
    const notFound = ok({ success: false, status: 'verifying', transactionHash: HASH, hoursRemaining: 0, error: 'Transaction not found on chain 8118 yet', canRetry: true });
    payServer(notFound);
    const p = page();
    await connect(p);
    await pay(p.deps);
    await verifyTransaction(p.deps, HASH);

    expect(p.timers).toEqual([]);
    expect(p.deps.ui.get()).toMatchObject({ step: 'pending', verifyNote: 'Transaction not found on chain 8118 yet' });
  });
});

describe('disconnect', () => {
  it('when a paid wallet disconnects, then the §3 payment, session and wallet keys and its status entry go, other keys stay', async () => {
    const server = fakeServer({ ...signedIn, 'POST /api/wallet/register': unregistered, 'POST /api/auth/logout': ok({ success: true }) });
    const p = page({ featureFlags: '{"paymentGate":true}', adminToken: 'admin-1', payment_note: 'x', session_note: 'y' });
    await connect(p);
    applyServerStatus(p.client, p.deps.storage, paidEvent, WALLET, false);
    p.backing.data.set('pendingTransaction', JSON.stringify({ transactionHash: HASH, wallet: WALLET }));

    expect(await disconnectWallet(p.deps)).toBe(true);
    expect([...p.backing.data.keys()].sort()).toEqual(['adminToken', 'featureFlags', 'walletDisconnected']);
    expect(p.backing.data.get('walletDisconnected')).toBe('true');
    expect(p.client.getQueryData(paymentStatusKey(WALLET))).toBeUndefined();
    expect(server.routes()).toContain('POST /api/auth/logout');
    expect(p.deps.ui.get()).toMatchObject({ walletConnected: false, walletAddress: null, disconnecting: false });
    expect(p.toasts.at(-1)).toBe('Disconnected');
  });
});
