import type { NetworkDefinition } from '@shm/contracts';
import { WALLET_ERROR, walletErrorCode, type Eip1193Provider } from './eip1193';
import { REQUEST_PENDING_MESSAGE, WALLET_UNSTABLE_MESSAGE } from './provider-errors';

const asAccounts = (reply: unknown): string[] => (Array.isArray(reply) ? reply.filter((a): a is string => typeof a === 'string') : []);

/** Asks the wallet to connect (it may show a prompt); the connected accounts, first is the active one. */
export async function requestAccounts(provider: Eip1193Provider): Promise<string[]> {
  return asAccounts(await provider.request({ method: 'eth_requestAccounts' }));
}

/** The accounts already connected, without a prompt. */
export async function listAccounts(provider: Eip1193Provider): Promise<string[]> {
  return asAccounts(await provider.request({ method: 'eth_accounts' }));
}

export async function getChainId(provider: Eip1193Provider): Promise<string> {
  return String(await provider.request({ method: 'eth_chainId' })).toLowerCase();
}

/**
 * Puts the wallet on `network`: a switch, and when the wallet does not know the chain (4902, or any
 * failure other than the user saying no, since some wallets report unknown chains differently) an
 * add (EIP-3085), which also switches. A user rejection (4001) is thrown as is.
 */
export async function ensureChain(provider: Eip1193Provider, network: NetworkDefinition): Promise<void> {
  if ((await getChainId(provider)) === network.chainId.toLowerCase()) return;
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: network.chainId }] });
  } catch (error) {
    if (walletErrorCode(error) === WALLET_ERROR.USER_REJECTED) throw error;
    await provider.request({ method: 'wallet_addEthereumChain', params: [network] });
  }
}

/** UTF-8 text as 0x hex, the form personal_sign expects. */
export function toHexUtf8(text: string): string {
  return `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Signs a text message with personal_sign (EIP-191), as `address`. */
export async function signMessage(provider: Eip1193Provider, address: string, message: string): Promise<string> {
  const signature = await provider.request({ method: 'personal_sign', params: [toHexUtf8(message), address] });
  if (typeof signature !== 'string') throw new Error('Failed to sign message');
  return signature;
}

const SIGNING_FAILURES: Record<number, string> = {
  [WALLET_ERROR.USER_REJECTED]: 'User rejected the signing request',
  [WALLET_ERROR.REQUEST_PENDING]: REQUEST_PENDING_MESSAGE,
  [WALLET_ERROR.DISCONNECTED]: WALLET_UNSTABLE_MESSAGE,
  [WALLET_ERROR.CHAIN_DISCONNECTED]: WALLET_UNSTABLE_MESSAGE,
};
/** The spec's text for a failed signing request (§8); -32603 stays 'Failed to sign message', the spec's text for a failed signature. */
export const signingErrorMessage = (error: unknown): string => SIGNING_FAILURES[walletErrorCode(error) ?? 0] ?? 'Failed to sign message';
