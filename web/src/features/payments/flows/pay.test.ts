import type { InitiatePaymentReply, VerifyPaymentReply } from '@shm/contracts';
import type { Eip1193Provider } from '../../../lib/wallet';
import { initiatePayment, reportPaymentSubmitted, verifyPayment } from '../api/payment-calls';
import { fakeFlowDeps } from '../testing/fake-flow-deps';
import { pay, verifyTransaction } from './pay';

jest.mock('../api/payment-calls');
jest.mock('../api/wallet-auth', () => ({
  getWalletSession: async () => ({ success: true, authenticated: true, address: WALLET.toLowerCase() }),
}));

const WALLET = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const HASH = `0x${'ab'.repeat(32)}`;
const SHM = 10n ** 18n;

function chain(receiptStatus: string): Eip1193Provider {
  const replies: Record<string, unknown> = {
    eth_chainId: '0x1fb6',
    eth_sendTransaction: HASH,
    eth_getTransactionReceipt: { status: receiptStatus, blockNumber: '0x3' },
    eth_blockNumber: '0x3',
    eth_getBalance: '0x0',
  };
  return { request: async ({ method }) => replies[method] };
}

function setup(receiptStatus = '0x1') {
  const state = { walletConnected: true, connection: 'connected' as const, walletAddress: WALLET, chainOk: true, balanceWei: 5n * SHM };
  return fakeFlowDeps(state, { provider: { current: chain(receiptStatus) } });
}

const intent: InitiatePaymentReply = {
  success: true,
  sessionId: '6f1c2b0e-8d3a-4c55-9b7e-2a1d0c9e8f7a',
  recipient: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  amount: '0.1',
  amountWei: String(SHM / 10n),
  chainId: 8118,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const refusal = (error: string, canRetry: boolean): VerifyPaymentReply => ({
  success: false,
  status: canRetry ? 'verifying' : 'failed',
  transactionHash: HASH,
  hoursRemaining: 0,
  error,
  canRetry,
});

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(initiatePayment).mockResolvedValue(intent);
  jest.mocked(reportPaymentSubmitted).mockResolvedValue(undefined);
});

describe('pay', () => {
  it('when the wallet sends and the receipt says 1, then the hash is reported, kept as pending and verified after 5 s', async () => {
    const { deps, store, scheduled, storage } = setup();
    await pay(deps);
    expect(reportPaymentSubmitted).toHaveBeenCalledWith(WALLET, HASH, intent.sessionId);
    expect(store.getState()).toMatchObject({ step: 'pending', pendingHash: HASH });
    expect(JSON.parse(storage.data.get('paymentSession')!)).toMatchObject({ isPaid: false, status: 'pending', transactionHash: HASH, walletAddress: WALLET });
    expect(JSON.parse(storage.data.get('pendingTransaction')!)).toEqual({ transactionHash: HASH, wallet: WALLET });
    expect(scheduled.map(({ name, ms }) => [name, ms])).toEqual([['verify', 5_000]]);
  });

  it('when the receipt status is not 1, then it says Transaction failed and nothing stays pending', async () => {
    const { deps, store, storage } = setup('0x0');
    await pay(deps);
    expect(store.getState()).toMatchObject({ step: 'idle', error: 'Transaction failed' });
    expect(reportPaymentSubmitted).not.toHaveBeenCalled();
    expect(storage.data.has('paymentSession')).toBe(false);
  });

  it('when the payment session cannot be started, then it says so and sends nothing', async () => {
    jest.mocked(initiatePayment).mockRejectedValueOnce(new Error('boom'));
    const { deps, store } = setup();
    await pay(deps);
    expect(store.getState()).toMatchObject({ step: 'idle', error: 'Failed to initiate payment' });
  });
});

describe('pay with a failing wallet', () => {
  const sendFailsWith = (code: number): Eip1193Provider => {
    const base = chain('0x1');
    return {
      request: async (args) => {
        if (args.method === 'eth_sendTransaction') throw Object.assign(new Error('wallet error'), { code });
        return base.request(args);
      },
    };
  };

  it.each([
    [4900, 'Wallet connection is unstable. Please disconnect and reconnect your wallet.'],
    [4901, 'Wallet connection is unstable. Please disconnect and reconnect your wallet.'],
    [-32603, 'Wallet provider error. Please close and reopen your wallet app, then reconnect.'],
    [4001, 'Payment failed: the transaction was rejected in the wallet'],
    [-32000, 'Payment failed'],
  ])('when sending fails with wallet code %p, then the payment error is %p', async (code, text) => {
    const { deps, store } = setup();
    deps.provider.current = sendFailsWith(code);
    await pay(deps);
    expect(store.getState()).toMatchObject({ step: 'idle', error: text });
    expect(reportPaymentSubmitted).not.toHaveBeenCalled();
  });
});

describe('verifyTransaction', () => {
  const pendingSetup = () => {
    const s = setup();
    s.store.dispatch({ type: 'pay/step', step: 'pending', hash: HASH });
    return s;
  };

  it('when the server confirms, then the wallet is paid, the success toast shows and the session is confirmed', async () => {
    jest.mocked(verifyPayment).mockResolvedValueOnce({
      success: true,
      status: 'confirmed',
      transactionHash: HASH,
      sessionId: 's-1',
      expiresAt: '2027-01-16T08:00:00.000Z',
      hoursRemaining: 24,
      canRetry: false,
    });
    const { deps, store, storage } = pendingSetup();
    await verifyTransaction(deps, HASH);
    expect(store.getState()).toMatchObject({ isPaid: true, justPaid: true, sessionId: 's-1' });
    expect(deps.notify).toHaveBeenCalledWith(expect.objectContaining({ summary: 'Payment Successful', detail: 'You can now view the calculation results for 24 hours.' }));
    expect(deps.celebrate).toHaveBeenCalled();
    expect(JSON.parse(storage.data.get('paymentSession')!)).toMatchObject({ isPaid: true, status: 'confirmed' });
    expect(storage.data.get('secure_session_id')).toBe('s-1');
  });

  it('when the server says "being processed", then the notice stays and it is tried again in 10 s', async () => {
    jest.mocked(verifyPayment).mockResolvedValueOnce(refusal('Transaction is being processed: waiting', true));
    const { deps, store, scheduled } = pendingSetup();
    await verifyTransaction(deps, HASH);
    expect(store.getState()).toMatchObject({ step: 'pending', verifyNote: 'Transaction is being processed: waiting', isPaid: false });
    expect(scheduled.map(({ name, ms }) => [name, ms])).toEqual([['verify', 10_000]]);
  });

  it('when the server refuses for good, then the failure toast shows and the session and pending transaction are cleared', async () => {
    jest.mocked(verifyPayment).mockResolvedValueOnce(refusal('Transaction was not sent to the payment address 0x1', false));
    const { deps, store, storage, scheduled } = pendingSetup();
    storage.setItem('pendingTransaction', JSON.stringify({ transactionHash: HASH, wallet: WALLET }));
    await verifyTransaction(deps, HASH);
    expect(deps.notify).toHaveBeenCalledWith(expect.objectContaining({ summary: 'Payment Verification Failed', detail: 'Unable to verify payment on blockchain.' }));
    expect(store.getState()).toMatchObject({ step: 'idle', error: 'Transaction was not sent to the payment address 0x1' });
    expect(storage.data.has('pendingTransaction')).toBe(false);
    expect(scheduled).toEqual([]);
  });

  it('when the request itself fails, then a Verification Error shows and the notice stays for a manual retry', async () => {
    jest.mocked(verifyPayment).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { deps, store } = pendingSetup();
    await verifyTransaction(deps, HASH);
    expect(deps.notify).toHaveBeenCalledWith(expect.objectContaining({ summary: 'Verification Error', detail: 'Network error during payment verification.' }));
    expect(store.getState()).toMatchObject({ step: 'pending', pendingHash: HASH });
  });
});
