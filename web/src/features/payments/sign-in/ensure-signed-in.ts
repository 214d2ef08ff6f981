import { getAddress } from 'ethers';
import { buildSiweMessage, signInFields, type NonceReply } from '@shm/contracts';
import type { Eip1193Provider } from '../../../lib/wallet';
import { CONNECTION_FAILED_MESSAGE, WalletFlowError } from '../../../lib/wallet/browser-connector';
import { SignInError, signInWithWallet } from '../../../lib/wallet/sign-in';
import { getSignInNonce, getWalletSession, signInWithSignature } from '../api/payment-api';

/** The EIP-4361 message the gateway expects for this nonce, naming the wallet's EIP-55 address. */
export function buildSignInMessage(nonce: NonceReply, address: string, now = new Date()): string {
  return buildSiweMessage(signInFields(nonce, getAddress(address.toLowerCase()), now));
}

/**
 * Makes sure the gateway session (EIP-4361 sign-in, HttpOnly cookie) belongs to `address`; when it
 * does not and `interactive`, asks the wallet to sign a fresh message. False when not signed in.
 */
export async function ensureSignedIn(provider: Eip1193Provider, address: string, interactive: boolean): Promise<boolean> {
  const session = await getWalletSession().catch(() => null);
  if (session?.authenticated && session.address?.toLowerCase() === address.toLowerCase()) return true;
  if (!interactive) return false;
  try {
    await signInWithWallet(provider, address, {
      message: async () => buildSignInMessage(await getSignInNonce(), address),
      submit: signInWithSignature,
    });
    return true;
  } catch (error) {
    // The wallet's refusal in the spec's words; a server that fails is a failed connection (spec §8).
    throw new WalletFlowError(error instanceof SignInError && error.step === 'sign' ? error.message : CONNECTION_FAILED_MESSAGE);
  }
}
