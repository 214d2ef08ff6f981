import type { Eip1193Provider } from './eip1193';
import { SHARDEUM_NETWORK } from '@shm/contracts';
import { connectBrowserWallet, putOnNetwork } from './browser-connector';

const globals = globalThis as { window?: { ethereum?: unknown } };
const inject = (ethereum: unknown) => void (globals.window = { ethereum });
const failingWith = (code: number): Eip1193Provider => ({
  request: async () => {
    throw Object.assign(new Error('wallet error'), { code });
  },
});

afterEach(() => {
  delete globals.window;
});

describe('connectBrowserWallet', () => {
  it('when there is no injected wallet and no WalletConnect either, then it says no Web3 wallet was found', async () => {
    globals.window = {};
    await expect(connectBrowserWallet({ walletConnectReady: async () => false })).rejects.toThrow(/^No Web3 wallet found$/);
  });

  it('when there is no injected wallet but WalletConnect can be used, then it asks to install one (or use WalletConnect)', async () => {
    globals.window = {};
    await expect(connectBrowserWallet({ walletConnectReady: async () => true })).rejects.toThrow('Please install MetaMask or another Web3 wallet');
  });

  it('when the injected object has no request method, then it says the provider is not properly initialized', async () => {
    inject({ isMetaMask: true });
    await expect(connectBrowserWallet({ walletConnectReady: async () => false })).rejects.toThrow(/^Wallet provider is not properly initialized$/);
  });

  it.each([
    [4900, 'Wallet connection is unstable. Please disconnect and reconnect your wallet.'],
    [4901, 'Wallet connection is unstable. Please disconnect and reconnect your wallet.'],
    [-32603, 'Wallet provider error. Please close and reopen your wallet app, then reconnect.'],
    [-32002, 'Wallet request already pending. Please check your wallet.'],
    [4001, 'Wallet connection failed'],
  ])('when the account request fails with %p, then the message is %p', async (code, text) => {
    inject(failingWith(code));
    await expect(connectBrowserWallet({ walletConnectReady: async () => false })).rejects.toThrow(text);
  });

  it('when the wallet shares an account, then that account is the connection', async () => {
    inject({ request: async () => ['0xAbC'] });
    await expect(connectBrowserWallet({ walletConnectReady: async () => false })).resolves.toMatchObject({ address: '0xAbC' });
  });
});

describe('putOnNetwork', () => {
  const onOtherChain = (addFails: number): Eip1193Provider => ({
    request: async ({ method }) => {
      if (method === 'eth_chainId') return '0x1';
      throw Object.assign(new Error('wallet error'), { code: method === 'wallet_switchEthereumChain' ? 4902 : addFails });
    },
  });

  it.each([
    [-32603, 'Wallet provider error. Please close and reopen your wallet app, then reconnect.'],
    [4900, 'Wallet connection is unstable. Please disconnect and reconnect your wallet.'],
    [4001, 'Please switch to Shardeum network in your wallet'],
  ])('when adding the network fails with %p, then the message is %p', async (code, text) => {
    await expect(putOnNetwork(onOtherChain(code), SHARDEUM_NETWORK)).rejects.toThrow(text);
  });
});
