import { memoryStore, persistedStorage } from '../../../lib/persisted-storage';
import { paymentStorage, shouldAutoVerifyPending, storedPaidWallet } from './payment-storage';

const WALLET = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const setup = (initial: Record<string, string> = {}) => {
  const backing = memoryStore(initial);
  return { backing, store: persistedStorage(() => backing), storage: paymentStorage(persistedStorage(() => backing)) };
};
const session = (timestamp: number, isPaid = true) => JSON.stringify({ isPaid, transactionHash: '0xab', walletAddress: WALLET, status: 'confirmed', timestamp });

describe('the §3 payment keys', () => {
  it('when the stored session is 24 h old to the ms, then it is read; one ms older, then it is discarded from storage', () => {
    const now = 1_800_000_000_000;
    expect(setup({ paymentSession: session(now - 86_400_000) }).storage.readSession(now)?.walletAddress).toBe(WALLET);
    const old = setup({ paymentSession: session(now - 86_400_001) });
    expect(old.storage.readSession(now)).toBeNull();
    expect(old.backing.data.has('paymentSession')).toBe(false);
  });

  it('when the stored session is not paid or not a session at all, then no paid wallet is read from it', () => {
    expect(storedPaidWallet(setup({ paymentSession: session(Date.now(), false) }).store)).toBeUndefined();
    expect(storedPaidWallet(setup({ paymentSession: '{"isPaid":true}' }).store)).toBeUndefined();
    expect(storedPaidWallet(setup({ paymentSession: 'not json' }).store)).toBeUndefined();
    expect(storedPaidWallet(setup({ paymentSession: session(Date.now()) }).store)).toBe(WALLET);
  });

  it('when the visitor disconnects, then the payment keys and every payment_/session_/wallet_ key go, and other keys stay', () => {
    const { backing, storage } = setup({
      paymentSession: session(Date.now()),
      pendingTransaction: '{}',
      secure_session_id: 's',
      wallet_type: 'browser',
      session_x: '1',
      payment_y: '2',
      featureFlags: '{}',
      adminToken: 't',
    });
    storage.clearAll();
    expect([...backing.data.keys()].sort()).toEqual(['adminToken', 'featureFlags']);
  });

  it('when the visitor disconnected, then no wallet is restored on load, whatever type is stored', () => {
    const { storage } = setup({ wallet_type: 'walletconnect' });
    expect(storage.walletToRestore()).toBe('walletconnect');
    storage.setDisconnected(true);
    expect(storage.walletToRestore()).toBeNull();
  });

  it('when a stored pending hash is a placeholder or another wallet’s, then it is not verified automatically; the same wallet in other case is', () => {
    expect(shouldAutoVerifyPending({ transactionHash: 'pending_1', wallet: WALLET }, WALLET)).toBe(false);
    expect(shouldAutoVerifyPending({ transactionHash: '0xab', wallet: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' }, WALLET)).toBe(false);
    expect(shouldAutoVerifyPending({ transactionHash: '0xab', wallet: WALLET.toLowerCase() }, WALLET)).toBe(true);
  });
});
