import { SHARDEUM_NETWORK } from '@shm/contracts';
import { ensureChain, signMessage, signingErrorMessage, toHexUtf8 } from './browser-wallet';
import type { Eip1193Provider } from './eip1193';

function fakeProvider(handlers: Record<string, (params: unknown) => unknown>) {
  const calls: { method: string; params?: unknown }[] = [];
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      calls.push({ method, params });
      const handler = handlers[method];
      if (!handler) throw Object.assign(new Error('unsupported'), { code: 4200 });
      return handler(params);
    },
  };
  return { provider, calls };
}
const rejection = (code: number) => () => {
  throw Object.assign(new Error('wallet error'), { code });
};

describe('ensureChain', () => {
  it('when the wallet is already on Shardeum, then nothing is asked', async () => {
    const { provider, calls } = fakeProvider({ eth_chainId: () => '0x1FB6' });
    await ensureChain(provider, SHARDEUM_NETWORK);
    expect(calls.map((c) => c.method)).toEqual(['eth_chainId']);
  });

  it('when the switch fails with 4902, then the network is added with its full definition', async () => {
    const { provider, calls } = fakeProvider({ eth_chainId: () => '0x1', wallet_switchEthereumChain: rejection(4902), wallet_addEthereumChain: () => null });
    await ensureChain(provider, SHARDEUM_NETWORK);
    expect(calls.at(-1)).toEqual({ method: 'wallet_addEthereumChain', params: [SHARDEUM_NETWORK] });
    expect(SHARDEUM_NETWORK).toMatchObject({ chainId: '0x1fb6', chainName: 'Shardeum', nativeCurrency: { symbol: 'SHM', decimals: 18 } });
  });

  it('when the switch fails another way (e.g. -32603), then the add is tried too', async () => {
    const { provider, calls } = fakeProvider({ eth_chainId: () => '0x1', wallet_switchEthereumChain: rejection(-32603), wallet_addEthereumChain: () => null });
    await ensureChain(provider, SHARDEUM_NETWORK);
    expect(calls.map((c) => c.method)).toContain('wallet_addEthereumChain');
  });

  it('when the user rejects the switch, then the rejection is thrown and nothing is added', async () => {
    const { provider, calls } = fakeProvider({ eth_chainId: () => '0x1', wallet_switchEthereumChain: rejection(4001) });
    await expect(ensureChain(provider, SHARDEUM_NETWORK)).rejects.toMatchObject({ code: 4001 });
    expect(calls.map((c) => c.method)).not.toContain('wallet_addEthereumChain');
  });
});

describe('signMessage', () => {
  it('when a message is signed, then personal_sign gets the hex UTF-8 text and the address', async () => {
    const { provider, calls } = fakeProvider({ personal_sign: () => '0xsig' });
    expect(await signMessage(provider, '0xabc', 'héllo\nworld')).toBe('0xsig');
    expect(calls[0]).toEqual({ method: 'personal_sign', params: [toHexUtf8('héllo\nworld'), '0xabc'] });
    expect(toHexUtf8('hé')).toBe('0x68c3a9');
  });

  it.each([
    [4001, 'User rejected the signing request'],
    [-32002, 'Wallet request already pending. Please check your wallet.'],
    [-32603, 'Failed to sign message'],
  ])('when the wallet fails with %p, then the message is %p', (code, text) => {
    expect(signingErrorMessage(Object.assign(new Error('x'), { code }))).toBe(text);
  });
});

describe('signing with a disconnected wallet', () => {
  it.each([4900, 4901])('when signing fails with the disconnected-provider code %p, then the visitor is told the connection is unstable', (code) => {
    expect(signingErrorMessage(Object.assign(new Error('x'), { code }))).toBe('Wallet connection is unstable. Please disconnect and reconnect your wallet.');
  });
});
