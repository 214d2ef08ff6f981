import { getAddress } from 'ethers';
import { buildSiweMessage, signInFields, type NonceReply } from '@shm/contracts';

/** The EIP-4361 message the gateway expects for this nonce, naming the wallet's EIP-55 address. */
export function buildSignInMessage(nonce: NonceReply, address: string, now = new Date()): string {
  return buildSiweMessage(signInFields(nonce, getAddress(address.toLowerCase()), now));
}
