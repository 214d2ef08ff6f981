import type { WalletConnectConfigReply } from '@shm/contracts';
import { WALLETCONNECT_TIMEOUT_MS } from '../../config/constants';
import type { Eip1193Provider } from './eip1193';
import { ConnectionCancelled, WalletFlowError, type WalletConnection } from './browser-connector';

/** The part of the WalletConnect provider this page uses. */
export interface WalletConnectProvider extends Eip1193Provider {
  accounts: string[];
  session?: unknown;
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  on(event: string, listener: (...args: unknown[]) => void): void;
  removeListener(event: string, listener: (...args: unknown[]) => void): void;
}

/**
 * Creates the WalletConnect v2 provider. The library is large, so it is imported only here, on demand
 * (its own chunk): the calculator's first load never pays for it. No modal: the page draws the QR code.
 */
export async function createWalletConnectProvider(config: WalletConnectConfigReply): Promise<WalletConnectProvider> {
  if (!config.projectId) throw new WalletFlowError('WalletConnect not initialized');
  const chainId = config.payment.chainId;
  const network = config.networks.find((n) => Number.parseInt(n.chainId, 16) === chainId);
  try {
    const { EthereumProvider } = await import('@walletconnect/ethereum-provider');
    const provider = await EthereumProvider.init({
      projectId: config.projectId,
      optionalChains: [chainId],
      rpcMap: network?.rpcUrls[0] ? { [chainId]: network.rpcUrls[0] } : undefined,
      metadata: config.metadata,
      showQrModal: false,
    });
    return provider;
  } catch (error) {
    throw new WalletFlowError(`Failed to initialize wallet connection: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const TIMED_OUT = new WalletFlowError('Connection timeout');

/**
 * WalletConnect from the click to a connected wallet: load the library, initialise it, show the
 * pairing URI through `onUri` (QR code / deep link), wait for the wallet's approval. The whole attempt
 * gives up after 60 s with 'Connection timeout' (spec §4), also when the relay cannot be reached at
 * all; `signal` ends it early (ConnectionCancelled).
 */
export async function connectWalletConnect(
  config: WalletConnectConfigReply,
  onUri: (uri: string) => void,
  timeoutMs = WALLETCONNECT_TIMEOUT_MS,
  signal?: AbortSignal,
): Promise<WalletConnection> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ended = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(TIMED_OUT), timeoutMs);
    signal?.addEventListener('abort', () => reject(new ConnectionCancelled('cancelled')), { once: true });
  });
  ended.catch(() => undefined); // an abort after the attempt settled has nobody to tell
  const creating = createWalletConnectProvider(config);
  const onDisplayUri = (uri: unknown) => typeof uri === 'string' && onUri(uri);
  let provider: WalletConnectProvider | undefined;
  try {
    provider = await Promise.race([creating, ended]);
    provider.on('display_uri', onDisplayUri);
    await Promise.race([provider.connect(), ended]);
  } catch (error) {
    // Ended while the library was still starting: drop the provider once it is there.
    if (!provider) {
      void creating.then((late) => late.disconnect()).catch(() => undefined);
      throw error;
    }
    if (error === TIMED_OUT || error instanceof ConnectionCancelled) {
      void provider.disconnect().catch(() => undefined);
      throw error;
    }
    throw new WalletFlowError('Failed to connect via WalletConnect');
  } finally {
    clearTimeout(timer);
    provider?.removeListener('display_uri', onDisplayUri);
  }
  const address = provider.accounts[0];
  if (!address) throw new WalletFlowError('Failed to connect via WalletConnect');
  return { provider, address };
}

/** A WalletConnect session kept from an earlier visit, restored without a QR code; null when there is none. */
export async function restoreWalletConnect(config: WalletConnectConfigReply): Promise<WalletConnection | null> {
  if (!config.projectId) return null;
  const provider = await createWalletConnectProvider(config);
  const address = provider.session ? provider.accounts[0] : undefined;
  return address ? { provider, address } : null;
}
