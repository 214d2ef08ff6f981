import { randomBytes } from 'node:crypto';
import { ErrorCode, type NonceReply } from '@shm/contracts';
import { AppError } from '@shm/platform';
import type { NonceStore, TokenRecord, TokenStore } from './ports';
import { checkSignedMessage, type MessageExpectations } from './signed-message';

export const SIGN_IN_NONCE_TTL_SECONDS = 300;

export interface WalletSignInDeps {
  nonces: NonceStore;
  tokens: TokenStore;
  expected: MessageExpectations;
  sessionTtlSeconds: number;
}

const refused = () => new AppError(ErrorCode.UNAUTHORIZED, 401, 'Invalid or expired sign-in message');

/** Sign-In with Ethereum for any wallet: nonce → signed message → an opaque session id bound to the address. */
export function walletSignIn({ nonces, tokens, expected, sessionTtlSeconds }: WalletSignInDeps) {
  return {
    async issueNonce(now = Date.now()): Promise<NonceReply> {
      const nonce = randomBytes(16).toString('hex');
      await nonces.save('wallet', nonce, 'issued', SIGN_IN_NONCE_TTL_SECONDS);
      return {
        success: true,
        nonce,
        domain: expected.domain,
        uri: expected.origin,
        chainId: expected.chainId,
        expiresAt: new Date(now + SIGN_IN_NONCE_TTL_SECONDS * 1000).toISOString(),
      };
    },

    async signIn(message: string, signature: string): Promise<{ token: string } & TokenRecord> {
      const check = checkSignedMessage(message, signature, expected);
      if (!check.ok) throw refused();
      if (!(await nonces.consume('wallet', check.message.nonce, 'issued'))) throw refused();
      return tokens.issue('session', check.signer, sessionTtlSeconds);
    },

    session: (sessionId: string) => tokens.find('session', sessionId),
    signOut: (sessionId: string) => tokens.revoke('session', sessionId),
  };
}
export type WalletSignIn = ReturnType<typeof walletSignIn>;
