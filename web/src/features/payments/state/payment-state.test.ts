import { initialPaymentState, paymentReducer, type PaymentState } from './payment-state';

const paid: PaymentState = { ...initialPaymentState, isPaid: true, walletAddress: '0xAAA', transactionHash: '0x1', expiresAt: 5, sessionId: 's' };

describe('paymentReducer', () => {
  it('when connecting starts, then the disconnected state and the error are reset (spec §4)', () => {
    const next = paymentReducer({ ...initialPaymentState, isDisconnected: true, error: 'x' }, { type: 'connect/start' });
    expect(next).toMatchObject({ connection: 'connecting', isDisconnected: false, error: null });
  });

  it('when the paid wallet connects again, then it stays paid; when another wallet connects, then it is not paid', () => {
    const same = paymentReducer(paid, { type: 'connect/success', address: '0xaaa', walletType: 'browser', chainOk: true });
    expect(same).toMatchObject({ isPaid: true, walletConnected: true, transactionHash: '0x1' });
    const other = paymentReducer(paid, { type: 'connect/success', address: '0xbbb', walletType: 'browser', chainOk: true });
    expect(other).toMatchObject({ isPaid: false, walletAddress: '0xbbb', transactionHash: null, sessionId: null });
  });

  it('when the connection clears while paid, then the paid wallet is still shown; when unpaid, then no wallet is', () => {
    const connected = { ...paid, walletConnected: true, connection: 'connected' as const };
    expect(paymentReducer(connected, { type: 'connection/cleared' })).toMatchObject({ walletConnected: false, isPaid: true, walletAddress: '0xAAA' });
    expect(paymentReducer({ ...connected, isPaid: false }, { type: 'connection/cleared' }).walletAddress).toBeNull();
  });

  it('when payment is confirmed, then the pending state goes and the success view shows', () => {
    const pending = { ...initialPaymentState, walletConnected: true, walletAddress: '0xa', step: 'pending' as const, pendingHash: '0xh', verifyNote: 'being processed' };
    const next = paymentReducer(pending, {
      type: 'paid',
      session: { walletAddress: '0xa', transactionHash: '0xh', expiresAt: 10, sessionId: 's' },
      justPaid: true,
    });
    expect(next).toMatchObject({ isPaid: true, step: 'idle', pendingHash: null, verifyNote: null, justPaid: true, expiresAt: 10 });
  });

  it('when a disconnect completes, then everything is reset and isDisconnected is true', () => {
    const next = paymentReducer({ ...paid, walletConnected: true, disconnecting: true }, { type: 'disconnect/end', done: true });
    expect(next).toEqual({ ...initialPaymentState, isDisconnected: true });
  });

  it('when a payment fails, then the error shows and Pay is offered again', () => {
    const next = paymentReducer({ ...initialPaymentState, step: 'confirming', pendingHash: '0xh' }, { type: 'pay/failed', error: 'Transaction failed' });
    expect(next).toMatchObject({ step: 'idle', pendingHash: null, error: 'Transaction failed' });
  });
});
