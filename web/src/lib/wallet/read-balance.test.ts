import { SHARDEUM_NETWORK } from '@shm/contracts';
import type { Eip1193Provider } from './eip1193';
import { readBalance } from './read-balance';

const options = { network: SHARDEUM_NETWORK, timeoutMs: 50, sleep: async () => {} };

function provider(handlers: Record<string, () => unknown>): Eip1193Provider {
  return {
    async request({ method }) {
      const handler = handlers[method];
      if (!handler) throw new Error(`no ${method}`);
      return handler();
    },
  };
}

describe('readBalance', () => {
  it('when the provider answers, then the balance is returned', async () => {
    expect(await readBalance(() => provider({ eth_getBalance: () => '0x10' }), '0xa', options)).toBe(16n);
  });

  it('when no provider is there even after the short wait, then it says the provider is not initialised', async () => {
    await expect(readBalance(() => null, '0xa', options)).rejects.toThrow('Provider not initialized. Please reconnect your wallet.');
  });

  it('when the provider appears during the 500 ms wait, then the balance is read', async () => {
    let calls = 0;
    const get = () => (calls++ === 0 ? null : provider({ eth_getBalance: () => '0x1' }));
    expect(await readBalance(get, '0xa', options)).toBe(1n);
  });

  it('when the first read fails, then it retries once after checking the network', async () => {
    let reads = 0;
    const p = provider({ eth_chainId: () => '0x1fb6', eth_getBalance: () => (reads++ === 0 ? Promise.reject(new Error('flaky')) : '0x2') });
    expect(await readBalance(() => p, '0xa', options)).toBe(2n);
    expect(reads).toBe(2);
  });

  it('when both reads fail, then it says so with the cause', async () => {
    const p = provider({ eth_chainId: () => '0x1fb6', eth_getBalance: () => Promise.reject(new Error('boom')) });
    await expect(readBalance(() => p, '0xa', options)).rejects.toThrow('Failed to fetch balance: boom');
  });

  it('when both reads hang, then it times out after the limit with the spec text', async () => {
    const p = provider({ eth_chainId: () => '0x1fb6', eth_getBalance: () => new Promise(() => {}) });
    await expect(readBalance(() => p, '0xa', options)).rejects.toThrow('Balance fetch timeout after 10 seconds');
  });

  it('when the retry finds the wallet on another network, then it asks to switch', async () => {
    const p = provider({ eth_chainId: () => '0x1', eth_getBalance: () => Promise.reject(new Error('x')) });
    await expect(readBalance(() => p, '0xa', options)).rejects.toThrow('Please switch to Shardeum network in your wallet');
  });

  it('when the provider there has no request method, then it says the provider is not properly initialized', async () => {
    await expect(readBalance(() => ({}) as Eip1193Provider, '0xa', options)).rejects.toThrow(/^Wallet provider is not properly initialized$/);
  });

  it.each([
    [4900, 'Wallet connection is unstable. Please disconnect and reconnect your wallet.'],
    [4901, 'Wallet connection is unstable. Please disconnect and reconnect your wallet.'],
    [-32603, 'Wallet provider error. Please close and reopen your wallet app, then reconnect.'],
  ])('when both reads fail with wallet code %p, then the message is %p (after the one retry)', async (code, text) => {
    let reads = 0;
    const p = provider({
      eth_chainId: () => '0x1fb6',
      eth_getBalance: () => {
        reads += 1;
        return Promise.reject(Object.assign(new Error('wallet error'), { code }));
      },
    });
    await expect(readBalance(() => p, '0xa', options)).rejects.toThrow(text);
    expect(reads).toBe(2);
  });

  it('when the network check before the retry fails because the wallet is disconnected, then it says the connection is unstable', async () => {
    const p = provider({
      eth_chainId: () => Promise.reject(Object.assign(new Error('disconnected'), { code: 4900 })),
      eth_getBalance: () => Promise.reject(new Error('x')),
    });
    await expect(readBalance(() => p, '0xa', options)).rejects.toThrow('Wallet connection is unstable. Please disconnect and reconnect your wallet.');
  });
});
