import { ApiError } from '../../../lib/api-client';
import type { Eip1193Provider } from '../../../lib/wallet';
import { registerWallet } from '../api/payment-calls';
import { fakeFlowDeps } from '../testing/fake-flow-deps';
import { afterConnect, connectWallet } from './connect';

jest.mock('../api/payment-calls');
jest.mock('../api/wallet-auth', () => ({
  getWalletSession: async () => ({ success: true, authenticated: true, address: WALLET.toLowerCase() }),
  signOutWallet: async () => undefined,
}));

const WALLET = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const UNSTABLE = 'Wallet connection is unstable. Please disconnect and reconnect your wallet.';

/** A browser wallet on Shardeum whose events the test fires. */
function eventfulWallet() {
  const listeners: Record<string, ((...args: unknown[]) => void)[]> = {};
  const provider: Eip1193Provider = {
    request: async ({ method }) => ({ eth_chainId: '0x1fb6', eth_getBalance: '0x0' })[method] ?? null,
    on: (event, listener) => void (listeners[event] ??= []).push(listener),
    removeListener: (event, listener) => void (listeners[event] = (listeners[event] ?? []).filter((l) => l !== listener)),
  };
  const emit = (event: string, ...args: unknown[]) => [...(listeners[event] ?? [])].forEach((l) => l(...args));
  return { provider, emit };
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(registerWallet).mockResolvedValue({ success: true, isPaid: false, hasPendingTransactions: false, pendingTransactions: [] } as never);
});

describe('afterConnect: the registration check', () => {
  const connected = () => fakeFlowDeps({ walletConnected: true, connection: 'connected', walletAddress: WALLET, chainOk: true });

  it('when the check cannot complete (no answer), then the state records Payment check failed and stops checking', async () => {
    jest.mocked(registerWallet).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { deps, store } = connected();
    await afterConnect(deps);
    expect(store.getState()).toMatchObject({ error: 'Payment check failed', isChecking: false, isPaid: false });
  });

  it('when the server answers the check with an error, then the state says it failed to check the payment status', async () => {
    jest.mocked(registerWallet).mockRejectedValueOnce(new ApiError(500, 'Internal Server Error', ''));
    const { deps, store } = connected();
    await afterConnect(deps);
    expect(store.getState()).toMatchObject({ error: 'Failed to check payment status', isChecking: false });
  });
});

describe('wallet events: an unstable connection', () => {
  const connect = async (deps: ReturnType<typeof fakeFlowDeps>['deps'], provider: Eip1193Provider) =>
    connectWallet(deps, async () => ({ provider, address: WALLET }), 'browser');

  it('when the wallet drops its accounts once, then the connection just ends without an error', async () => {
    const { deps, store } = fakeFlowDeps();
    const wallet = eventfulWallet();
    expect(await connect(deps, wallet.provider)).toBe(true);
    wallet.emit('accountsChanged', []);
    expect(store.getState()).toMatchObject({ connection: 'idle', walletConnected: false, error: null });
  });

  it('when the wallet drops its accounts again soon after a reconnect, then the visitor is told the connection is unstable', async () => {
    const { deps, store, advance } = fakeFlowDeps();
    const wallet = eventfulWallet();
    await connect(deps, wallet.provider);
    wallet.emit('accountsChanged', []);
    advance(5_000);
    await connect(deps, wallet.provider);
    wallet.emit('accountsChanged', []);
    expect(store.getState()).toMatchObject({ connection: 'idle', walletConnected: false, error: UNSTABLE });
  });

  it('when the drops are far apart, then each is an ordinary disconnection', async () => {
    const { deps, store, advance } = fakeFlowDeps();
    const wallet = eventfulWallet();
    await connect(deps, wallet.provider);
    wallet.emit('accountsChanged', []);
    advance(10 * 60_000);
    await connect(deps, wallet.provider);
    wallet.emit('accountsChanged', []);
    expect(store.getState().error).toBeNull();
  });

  it('when a browser wallet reports repeated disconnect events, then the connection is called unstable', async () => {
    const { deps, store } = fakeFlowDeps();
    const wallet = eventfulWallet();
    await connect(deps, wallet.provider);
    const disconnected = Object.assign(new Error('Disconnected'), { code: 4900 });
    wallet.emit('disconnect', disconnected);
    expect(store.getState().error).toBeNull();
    wallet.emit('disconnect', disconnected);
    expect(store.getState()).toMatchObject({ walletConnected: true, error: UNSTABLE });
  });
});
