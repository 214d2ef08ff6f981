import {
  clearPaymentSession,
  clearWalletStorage,
  isSessionValid,
  isWalletDisconnected,
  pendingHashOf,
  readPaymentSession,
  readPendingTransaction,
  setWalletDisconnected,
  shouldAutoVerifyPending,
  writePaymentSession,
  writePendingTransaction,
  writeServerSessionId,
  type KeyValueStore,
  type PaymentSession,
  memoryStore,
  walletToRestore,
} from './payment-storage';


const HOUR = 3_600_000;
const NOW = 1_800_000_000_000;
const session = (overrides: Partial<PaymentSession> = {}): PaymentSession => ({
  isPaid: true,
  transactionHash: '0xabc',
  walletAddress: '0xWallet',
  status: 'confirmed',
  timestamp: NOW - HOUR,
  ...overrides,
});

describe('payment session storage', () => {
  it('when a session is written, then it is read back under the key paymentSession', () => {
    const store = memoryStore();
    writePaymentSession(store, session());
    expect(JSON.parse(store.data.get('paymentSession')!)).toEqual(session());
    expect(readPaymentSession(store, NOW)).toEqual(session());
  });

  it('when the session is older than 24 hours, then it is discarded on read', () => {
    const store = memoryStore();
    writePaymentSession(store, session({ timestamp: NOW - 24 * HOUR - 1 }));
    expect(readPaymentSession(store, NOW)).toBeNull();
    expect(store.data.has('paymentSession')).toBe(false);
  });

  it('when the session is exactly 24 hours old, then it is still read', () => {
    const store = memoryStore();
    writePaymentSession(store, session({ timestamp: NOW - 24 * HOUR }));
    expect(readPaymentSession(store, NOW)).not.toBeNull();
  });

  it('when the stored value is not a session, then it is discarded', () => {
    for (const raw of ['{', '{"isPaid":"yes"}', JSON.stringify({ ...session(), status: 'done' })]) {
      const store = memoryStore({ paymentSession: raw });
      expect(readPaymentSession(store, NOW)).toBeNull();
      expect(store.data.has('paymentSession')).toBe(false);
    }
  });

  it('when isPaid is false, then the session is not valid, whatever its status', () => {
    expect(isSessionValid(session())).toBe(true);
    expect(isSessionValid(session({ isPaid: false }))).toBe(false);
    expect(isSessionValid(null)).toBe(false);
  });

  it('when the status is pending with a hash, then that hash is the pending transaction; otherwise none', () => {
    expect(pendingHashOf(session({ isPaid: false, status: 'pending' }))).toBe('0xabc');
    expect(pendingHashOf(session({ isPaid: false, status: 'pending_backend_save' }))).toBeNull();
    expect(pendingHashOf(session({ isPaid: false, status: 'pending', transactionHash: '' }))).toBeNull();
    expect(pendingHashOf(session())).toBeNull();
  });
});

describe('pending transaction', () => {
  it('when stored, then it is kept under pendingTransaction as {transactionHash, wallet}', () => {
    const store = memoryStore();
    writePendingTransaction(store, { transactionHash: '0x1', wallet: '0xAbC' });
    expect(JSON.parse(store.data.get('pendingTransaction')!)).toEqual({ transactionHash: '0x1', wallet: '0xAbC' });
    expect(readPendingTransaction(store)).toEqual({ transactionHash: '0x1', wallet: '0xAbC' });
  });

  it('when the hash starts with pending_, then it is never auto-verified', () => {
    expect(shouldAutoVerifyPending({ transactionHash: 'pending_123', wallet: '0xabc' }, '0xabc')).toBe(false);
  });

  it('when the stored wallet equals the connected one in another case, then it is auto-verified', () => {
    expect(shouldAutoVerifyPending({ transactionHash: '0x1', wallet: '0xABC' }, '0xabc')).toBe(true);
  });

  it('when another wallet (or none) is connected, then it is not auto-verified', () => {
    expect(shouldAutoVerifyPending({ transactionHash: '0x1', wallet: '0xabc' }, '0xdef')).toBe(false);
    expect(shouldAutoVerifyPending({ transactionHash: '0x1', wallet: '0xabc' }, null)).toBe(false);
    expect(shouldAutoVerifyPending(null, '0xabc')).toBe(false);
  });
});

describe('disconnect and clear session', () => {
  it('when the disconnected flag is set and cleared, then walletDisconnected follows', () => {
    const store = memoryStore();
    setWalletDisconnected(store, true);
    expect(store.data.get('walletDisconnected')).toBe('true');
    expect(isWalletDisconnected(store)).toBe(true);
    setWalletDisconnected(store, false);
    expect(isWalletDisconnected(store)).toBe(false);
  });

  it.each([
    [{ wallet_type: 'browser' }, 'browser'],
    [{ wallet_type: 'walletconnect' }, 'walletconnect'],
    [{ wallet_type: 'browser', walletDisconnected: 'true' }, null],
    [{ wallet_type: 'something-else' }, null],
    [{}, null],
  ])('when the storage holds %p, then the wallet to restore on load is %p', (data, expected) => {
    expect(walletToRestore(memoryStore(data))).toBe(expected);
  });

  it('when the wallet storage is cleared, then the payment keys and every payment_/session_/wallet_ key go, others stay', () => {
    const store = memoryStore({
      payment_cache: '1',
      session_x: '1',
      wallet_type: 'browser',
      pendingTransaction: '{}',
      secure_session_id: 'abc',
      adminToken: 't',
      featureFlags: '{}',
      walletDisconnected: 'true',
    });
    writePaymentSession(store, session());
    clearWalletStorage(store);
    expect([...store.data.keys()].sort()).toEqual(['adminToken', 'featureFlags', 'walletDisconnected']);
  });

  it('when the session is cleared, then the session, pending transaction and server session id go', () => {
    const store = memoryStore({ wallet_type: 'browser' });
    writePaymentSession(store, session());
    writePendingTransaction(store, { transactionHash: '0x1', wallet: '0xabc' });
    writeServerSessionId(store, 'id');
    clearPaymentSession(store);
    expect([...store.data.keys()]).toEqual(['wallet_type']);
  });
});
