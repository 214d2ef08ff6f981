import type { NetworkDefinition } from '../../../config/chain';
import { WALLET_ERROR, ensureChain, getInjectedProvider, requestAccounts, walletErrorCode, type Eip1193Provider } from '../../../lib/wallet';
import { switchNetworkMessage } from './network';

export const NO_WALLET_MESSAGE = 'Please install MetaMask or another Web3 wallet';
export const CONNECTION_FAILED_MESSAGE = 'Wallet connection failed';
const PENDING_MESSAGE = 'Wallet request already pending. Please check your wallet.';

/** An error whose message is already a text for the visitor (spec §8). */
export class WalletFlowError extends Error {}

/** The visitor gave up on a connection attempt (e.g. Back from the QR code): no error to show. */
export class ConnectionCancelled extends Error {}

export interface WalletConnection {
  provider: Eip1193Provider;
  address: string;
}

/** Browser Wallet (spec §2.5): the injected EIP-1193 wallet asks the visitor to connect. */
export async function connectBrowserWallet(): Promise<WalletConnection> {
  const provider = getInjectedProvider();
  if (!provider) throw new WalletFlowError(NO_WALLET_MESSAGE);
  let accounts: string[];
  try {
    accounts = await requestAccounts(provider);
  } catch (error) {
    throw new WalletFlowError(walletErrorCode(error) === WALLET_ERROR.REQUEST_PENDING ? PENDING_MESSAGE : CONNECTION_FAILED_MESSAGE);
  }
  const address = accounts[0];
  if (!address) throw new WalletFlowError(CONNECTION_FAILED_MESSAGE);
  return { provider, address };
}

/** Switches the wallet to the required network, adding it when unknown (4902 and others, spec §4). */
export async function putOnNetwork(provider: Eip1193Provider, network: NetworkDefinition): Promise<void> {
  try {
    await ensureChain(provider, network);
  } catch {
    throw new WalletFlowError(switchNetworkMessage(network));
  }
}

/** The visitor's text for any failure in a wallet flow. */
export const flowMessage = (error: unknown, fallback: string) => (error instanceof WalletFlowError ? error.message : fallback);
