import { disconnectAdmin, type AdminDisconnectSteps } from './admin-disconnect';

function steps(overrides: Partial<AdminDisconnectSteps> = {}) {
  const order: string[] = [];
  const all: AdminDisconnectSteps = {
    token: 'token-1',
    logout: jest.fn(async () => void order.push('logout')),
    forgetToken: jest.fn(() => void order.push('forget')),
    disconnectWallet: jest.fn(async () => {
      order.push('wallet');
      return true;
    }),
    notify: jest.fn((toast) => void order.push(`toast:${toast.summary}`)),
    ...overrides,
  };
  return { all, order };
}

describe('disconnectAdmin (spec §4 "Admin session")', () => {
  it('when a wallet is connected, then logout, token cleared, wallet disconnected, then the confirmation, in that order', async () => {
    const { all, order } = steps();
    await disconnectAdmin(all);
    expect(all.logout).toHaveBeenCalledWith('token-1');
    expect(order).toEqual(['logout', 'forget', 'wallet', 'toast:Disconnected']);
    expect(all.notify).toHaveBeenCalledWith({ severity: 'success', summary: 'Disconnected', detail: 'Admin session has been securely invalidated' });
  });

  it('when the server logout fails, then that is ignored and the rest still happens', async () => {
    const { all, order } = steps({ logout: jest.fn(async () => Promise.reject(new Error('down'))) });
    await disconnectAdmin(all);
    expect(order).toEqual(['forget', 'wallet', 'toast:Disconnected']);
  });

  it('when no wallet is connected, then only the admin session ends', async () => {
    const { all, order } = steps({ disconnectWallet: undefined });
    await disconnectAdmin(all);
    expect(order).toEqual(['logout', 'forget', 'toast:Disconnected']);
  });

  it('when the wallet disconnect reports a failure (it showed its own toast), then the admin confirmation does not cover it', async () => {
    const { all, order } = steps({ disconnectWallet: jest.fn(async () => false) });
    await disconnectAdmin(all);
    expect(order).toEqual(['logout', 'forget']);
  });

  it('when disconnecting throws, then an Error toast says why', async () => {
    const { all } = steps({
      disconnectWallet: jest.fn(async () => {
        throw new Error('wallet gone');
      }),
    });
    await disconnectAdmin(all);
    expect(all.notify).toHaveBeenCalledWith({ severity: 'error', summary: 'Error', detail: 'wallet gone' });
  });
});
