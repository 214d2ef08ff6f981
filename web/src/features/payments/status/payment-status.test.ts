import { QueryClient } from '@tanstack/react-query';
import type { PaymentStatus } from '@shm/contracts';
import { memoryStore, persistedStorage } from '../../../lib/persisted-storage';
import { mockFetch } from '../../../testing/mock-fetch';
import { paymentStorage } from '../storage/payment-storage';
import { applyServerStatus, paidFrom, paymentStatusQuery, readPaymentStatus, writePaymentStatus, UNPAID } from './payment-status';

const WALLET = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const HASH = `0x${'ab'.repeat(32)}`;
const EXPIRES = '2026-03-02T10:00:00.000Z';
// Worked out by hand: Date.UTC(2026, 2, 2, 10) = 1772445600000 ms; 24 h before it is 1772359200000.
const EXPIRES_MS = 1_772_445_600_000;
const PAID_AT_MS = 1_772_359_200_000;

function setup() {
  const client = new QueryClient();
  const backing = memoryStore();
  const storage = paymentStorage(persistedStorage(() => backing));
  return { client, backing, storage };
}
const event = (over: Partial<PaymentStatus>): PaymentStatus => ({
  status: 'confirmed',
  isPaid: true,
  wallet: WALLET.toLowerCase(),
  sessionId: 'session-1',
  transactionHash: HASH,
  expiresAt: EXPIRES,
  hoursRemaining: 24,
  at: '2026-03-01T10:00:00.000Z',
  ...over,
});

afterEach(() => jest.restoreAllMocks());

describe('the payment-status query cache', () => {
  it('when the event stream says the wallet is paid, then the wallet reads paid with the server’s expiry and the browser keeps a confirmed session', () => {
    const { client, backing, storage } = setup();
    applyServerStatus(client, storage, event({}), WALLET, true);
    expect(readPaymentStatus(client, WALLET)).toEqual({ isPaid: true, transactionHash: HASH, expiresAt: EXPIRES_MS, sessionId: 'session-1', via: 'payment' });
    expect(JSON.parse(backing.data.get('paymentSession') ?? 'null')).toEqual({
      isPaid: true,
      transactionHash: HASH,
      walletAddress: WALLET,
      status: 'confirmed',
      timestamp: PAID_AT_MS,
    });
    expect(backing.data.get('secure_session_id')).toBe('session-1');
  });

  it('when an event names another wallet, then this page’s wallet is unchanged', () => {
    const { client, storage } = setup();
    applyServerStatus(client, storage, event({ wallet: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' }), WALLET, false);
    expect(readPaymentStatus(client, WALLET)).toEqual(UNPAID);
  });

  it('when an event says "verifying" for a paid wallet, then it stays paid; when it says "none", then it is unpaid and the stored session goes', () => {
    const { client, backing, storage } = setup();
    applyServerStatus(client, storage, event({}), WALLET, false);
    applyServerStatus(client, storage, event({ status: 'verifying', isPaid: false }), WALLET, false);
    expect(readPaymentStatus(client, WALLET).isPaid).toBe(true);
    applyServerStatus(client, storage, event({ status: 'none', isPaid: false }), WALLET, false);
    expect(readPaymentStatus(client, WALLET)).toEqual(UNPAID);
    expect(backing.data.has('paymentSession')).toBe(false);
    expect(backing.data.has('secure_session_id')).toBe(false);
  });

  it('when the verify reply arrives after the event stream already said paid, then the status is told once as a payment and keeps the newer expiry', () => {
    const { client, storage } = setup();
    applyServerStatus(client, storage, event({ expiresAt: undefined }), WALLET, true);
    writePaymentStatus(client, storage, WALLET, paidFrom({ transactionHash: HASH, sessionId: 'session-1', expiresAt: EXPIRES }, 'payment'));
    expect(readPaymentStatus(client, WALLET)).toMatchObject({ isPaid: true, expiresAt: EXPIRES_MS, via: 'payment' });
  });

  it('when the page reloads with a paid wallet, then session-info from the server is what the query holds', async () => {
    const { client, storage } = setup();
    const fetchMock = mockFetch({ status: 200, body: { success: true, sessionInfo: { isValid: true, hoursRemaining: 5, sessionId: 'session-2', expiresAt: EXPIRES, transactionHash: HASH } } });
    const status = await client.query(paymentStatusQuery(client, storage, WALLET, true));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/wallet/${WALLET}/session-info`);
    expect(status).toMatchObject({ isPaid: true, expiresAt: EXPIRES_MS, sessionId: 'session-2' });
    expect(readPaymentStatus(client, WALLET.toLowerCase()).sessionId).toBe('session-2');
  });

  it('when session-info says the grant is no longer valid, then the wallet is unpaid and the stored session is cleared', async () => {
    const { client, backing, storage } = setup();
    applyServerStatus(client, storage, event({}), WALLET, false);
    mockFetch({ status: 200, body: { success: true, sessionInfo: { isValid: false, hoursRemaining: 0 } } });
    await client.query({ ...paymentStatusQuery(client, storage, WALLET, true), staleTime: 0 });
    expect(readPaymentStatus(client, WALLET).isPaid).toBe(false);
    expect(backing.data.has('paymentSession')).toBe(false);
  });
});
