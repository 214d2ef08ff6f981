import { getAddress } from 'ethers';
import { buildSiweMessage, type NonceReply } from '@shm/contracts';

export const SIGN_IN_STATEMENT = 'Sign in to the Shardeum node calculator to pay for and view calculation results.';

/**
 * The EIP-4361 message the gateway expects: its domain, URI and chain id (from the nonce reply), the
 * wallet's EIP-55 address, and an expiry no later than the nonce's.
 */
export function buildSignInMessage(nonce: NonceReply, address: string, now = new Date()): string {
  return buildSiweMessage({
    domain: nonce.domain,
    address: getAddress(address.toLowerCase()),
    statement: SIGN_IN_STATEMENT,
    uri: nonce.uri,
    version: '1',
    chainId: nonce.chainId,
    nonce: nonce.nonce,
    issuedAt: now.toISOString(),
    expirationTime: nonce.expiresAt,
  });
}
