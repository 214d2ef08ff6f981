import { createHash, randomBytes } from 'node:crypto';
import { getAddress } from 'ethers';
import { ADMIN_CHALLENGE_TTL_SECONDS, ErrorCode, buildSiweMessage, type AdminChallengeReply, type AdminVerifyReply, type AdminVerifyRequest } from '@shm/contracts';
import { AppError } from '@shm/platform';
import type { NonceStore, TokenRecord, TokenStore } from './ports';
import { checkSignedMessage, type MessageExpectations } from './signed-message';

export interface AdminAuthDeps {
  nonces: NonceStore;
  tokens: TokenStore;
  expected: MessageExpectations;
  adminWallet: string;
  tokenTtlSeconds: number;
}

export const ADMIN_STATEMENT = 'Sign in as the administrator of the Shardeum node calculator.';
const NOT_ADMIN = 'Admin access requires the authorized wallet address';

const digest = (text: string) => createHash('sha256').update(text).digest('hex');
const unauthorized = (message: string) => new AppError(ErrorCode.UNAUTHORIZED, 401, message);

/** The spec's admin flow (§7) as Sign-In with Ethereum, bound to the one ADMIN_WALLET. */
export function adminAuth({ nonces, tokens, expected, adminWallet, tokenTtlSeconds }: AdminAuthDeps) {
  const isAdmin = (address: string) => address.toLowerCase() === adminWallet.toLowerCase();

  return {
    async challenge(walletAddress: string, now = Date.now()): Promise<AdminChallengeReply> {
      if (!isAdmin(walletAddress)) throw new AppError(ErrorCode.FORBIDDEN, 403, NOT_ADMIN);
      const nonce = randomBytes(16).toString('hex');
      const expiresAt = new Date(now + ADMIN_CHALLENGE_TTL_SECONDS * 1000).toISOString();
      const challenge = buildSiweMessage({
        domain: expected.domain,
        // The configured address, checksummed: the caller's spelling may carry a wrong EIP-55 checksum.
        address: getAddress(adminWallet.toLowerCase()),
        statement: ADMIN_STATEMENT,
        uri: `${expected.origin}/shm/admin`,
        version: '1',
        chainId: expected.chainId,
        nonce,
        issuedAt: new Date(now).toISOString(),
        expirationTime: expiresAt,
      });
      // The nonce remembers the exact text it was issued in, so an edited challenge never verifies.
      await nonces.save('admin', nonce, digest(challenge), ADMIN_CHALLENGE_TTL_SECONDS);
      return { success: true, challenge, expiresAt };
    },

    async verify({ walletAddress, signature, challenge }: AdminVerifyRequest): Promise<AdminVerifyReply> {
      const check = checkSignedMessage(challenge, signature, expected);
      if (!check.ok) {
        throw unauthorized(
          check.problem === 'expired' ? 'Challenge expired' : check.problem === 'signature' ? 'Invalid signature' : 'Invalid or expired challenge',
        );
      }
      if (check.signer !== walletAddress.toLowerCase()) throw unauthorized('Invalid signature');
      if (!isAdmin(check.signer)) throw new AppError(ErrorCode.FORBIDDEN, 403, NOT_ADMIN);
      if (!(await nonces.consume('admin', check.message.nonce, digest(challenge)))) {
        throw unauthorized('Invalid or expired challenge');
      }
      const { token, expiresAt } = await tokens.issue('admin', check.signer, tokenTtlSeconds);
      return { success: true, adminToken: token, expiresAt };
    },

    /**
     * The token's record when it is a live admin token of this gateway's ADMIN_WALLET. A token of
     * another wallet is refused but left as it is: while a rolling deploy changes ADMIN_WALLET,
     * replicas on the old and on the new wallet share one Redis, and a replica cannot tell whether
     * the other wallet is the former or the next one, so it never ends the other's admin tokens.
     */
    async tokenRecord(token: string): Promise<TokenRecord | null> {
      const record = await tokens.find('admin', token);
      return record && isAdmin(record.wallet) ? record : null;
    },

    logout: (token: string) => tokens.revoke('admin', token),
  };
}
export type AdminAuth = ReturnType<typeof adminAuth>;
