import type { WalletConnectConfigReply } from '@shm/contracts';
import { connectWalletConnect, restoreWalletConnect } from './walletconnect-connector';

type Listener = (...args: unknown[]) => void;
const listeners = new Map<string, Listener[]>();
const fake = {
  accounts: [] as string[],
  session: undefined as unknown,
  connect: jest.fn<Promise<void>, []>(),
  disconnect: jest.fn(async () => {}),
  request: jest.fn(),
  on: (event: string, listener: Listener) => void listeners.set(event, [...(listeners.get(event) ?? []), listener]),
  removeListener: (event: string, listener: Listener) => {
    listeners.set(event, (listeners.get(event) ?? []).filter((l) => l !== listener));
  },
};
const init = jest.fn(async (_options: unknown) => fake);
jest.mock('@walletconnect/ethereum-provider', () => ({ EthereumProvider: { init: (options: unknown) => init(options) } }));

const config: WalletConnectConfigReply = {
  projectId: 'p1',
  networks: [
    { chainId: '0x1fb6', chainName: 'Shardeum', nativeCurrency: { name: 'Shardeum', symbol: 'SHM', decimals: 18 }, rpcUrls: ['http://rpc'], blockExplorerUrls: [] },
  ],
  metadata: { name: 'n', description: 'd', url: 'http://localhost:8080', icons: [] },
  payment: { recipient: '0x1', amount: '0.1', amountWei: '1', chainId: 8118, explorerUrl: 'https://explorer' },
};

beforeEach(() => {
  jest.clearAllMocks();
  fake.accounts = [];
  fake.session = undefined;
  listeners.clear();
});

describe('WalletConnect', () => {
  it('when the wallet approves, then the pairing URI was shown and the connection names its account', async () => {
    fake.connect.mockImplementation(async () => {
      for (const l of listeners.get('display_uri') ?? []) l('wc:abc@2?relay-protocol=irn');
      fake.accounts = ['0xAbC'];
    });
    const onUri = jest.fn();
    const connection = await connectWalletConnect(config, onUri, 1_000);
    expect(onUri).toHaveBeenCalledWith('wc:abc@2?relay-protocol=irn');
    expect(connection.address).toBe('0xAbC');
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({ projectId: 'p1', optionalChains: [8118], rpcMap: { 8118: 'http://rpc' }, showQrModal: false }),
    );
    expect(listeners.get('display_uri')).toEqual([]);
  });

  it('when nobody approves in time, then it fails with Connection timeout and ends the pairing', async () => {
    fake.connect.mockImplementation(() => new Promise(() => {}));
    await expect(connectWalletConnect(config, () => {}, 30)).rejects.toThrow('Connection timeout');
    expect(fake.disconnect).toHaveBeenCalled();
  });

  it('when the library cannot start, then it says the wallet connection could not be initialised', async () => {
    init.mockRejectedValueOnce(new Error('relay down'));
    await expect(connectWalletConnect(config, () => {}, 1_000)).rejects.toThrow('Failed to initialize wallet connection: relay down');
  });

  it('when the wallet rejects the pairing, then it says WalletConnect failed', async () => {
    fake.connect.mockRejectedValueOnce(new Error('rejected'));
    await expect(connectWalletConnect(config, () => {}, 1_000)).rejects.toThrow('Failed to connect via WalletConnect');
  });

  it('when there is no project id, then WalletConnect is not initialised and the library is not loaded', async () => {
    await expect(connectWalletConnect({ ...config, projectId: '' }, () => {}, 1_000)).rejects.toThrow('WalletConnect not initialized');
    expect(init).not.toHaveBeenCalled();
  });

  it('when a session from an earlier visit exists, then it is restored without a QR code', async () => {
    fake.session = { topic: 't' };
    fake.accounts = ['0xDeF'];
    expect(await restoreWalletConnect(config)).toMatchObject({ address: '0xDeF' });
    fake.session = undefined;
    expect(await restoreWalletConnect(config)).toBeNull();
  });
});

describe('WalletConnect cancel', () => {
  it('when the visitor goes back, then the attempt ends quietly and the pairing is dropped', async () => {
    fake.connect.mockImplementation(() => new Promise(() => {}));
    const controller = new AbortController();
    const attempt = connectWalletConnect(config, () => {}, 1_000, controller.signal);
    controller.abort();
    await expect(attempt).rejects.toThrow('cancelled');
    await new Promise((r) => setTimeout(r, 0));
    expect(fake.disconnect).toHaveBeenCalled();
  });
});
