import type { NetworkDefinition } from '@shm/contracts';
import { ensureChain, requestAccounts } from './browser-wallet';
import { WALLET_ERROR, getInjectedProvider, walletErrorCode, type Eip1193Provider } from './eip1193';
import { PROVIDER_NOT_PROPERLY_INITIALIZED, REQUEST_PENDING_MESSAGE, isEip1193Provider, providerFailureMessage } from './provider-errors';
import { switchNetworkMessage } from './network';

export const CONNECTION_FAILED_MESSAGE = 'Wallet connection failed';

/** An error whose message is already a text for the visitor (spec §8). */
export class WalletFlowError extends Error {}

/** The visitor gave up on a connection attempt (e.g. Back from the QR code): no error to show. */
export class ConnectionCancelled extends Error {}

export interface WalletConnection {
  provider: Eip1193Provider;
  address: string;
}

/**
 * Browser Wallet (spec §2.5): the injected EIP-1193 wallet asks the visitor to connect. Without one,
 * the visitor is told to install a wallet when WalletConnect is there as the other way
 * (`walletConnectReady`: the site has a project id), else that no Web3 wallet was found (spec §8).
 */
export async function connectBrowserWallet({ walletConnectReady }: { walletConnectReady: () => Promise<boolean> }): Promise<WalletConnection> {
  const provider: unknown = getInjectedProvider();
  if (!provider) {
    throw new WalletFlowError((await walletConnectReady().catch(() => false)) ? 'Please install MetaMask or another Web3 wallet' : 'No Web3 wallet found');
  }
  if (!isEip1193Provider(provider)) throw new WalletFlowError(PROVIDER_NOT_PROPERLY_INITIALIZED);
  let accounts: string[];
  try {
    accounts = await requestAccounts(provider);
  } catch (error) {
    if (walletErrorCode(error) === WALLET_ERROR.REQUEST_PENDING) throw new WalletFlowError(REQUEST_PENDING_MESSAGE);
    throw new WalletFlowError(providerFailureMessage(error) ?? CONNECTION_FAILED_MESSAGE);
  }
  const address = accounts[0];
  if (!address) throw new WalletFlowError(CONNECTION_FAILED_MESSAGE);
  return { provider, address };
}

/**
 * Switches the wallet to the required network, adding it when unknown (4902 and others, spec §4).
 * A wallet that is itself failing (disconnected, internal error) is told as such, not as a wrong network.
 */
export async function putOnNetwork(provider: Eip1193Provider, network: NetworkDefinition): Promise<void> {
  try {
    await ensureChain(provider, network);
  } catch (error) {
    throw new WalletFlowError(providerFailureMessage(error) ?? switchNetworkMessage(network));
  }
}

/** The visitor's text for any failure in a wallet flow. */
export const flowMessage = (error: unknown, fallback: string) => (error instanceof WalletFlowError ? error.message : fallback);
