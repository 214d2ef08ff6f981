import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '@shm/contracts';
import { AppError } from './app-error';
import { identityOf } from './identity';

/**
 * The wallet the gateway says signed in (its signed identity header), lower-case. Services that act
 * for a wallet act only for this one; without it the caller gets 401.
 */
export function signedInWallet(req: IncomingMessage, secret: string): string {
  const wallet = identityOf(req, secret)?.wallet?.toLowerCase();
  if (!wallet) throw new AppError(ErrorCode.UNAUTHORIZED, 401, 'Sign in with your wallet first');
  return wallet;
}

/** A wallet named in a body, query or path (kept for compatibility, spec §7) must be the signed-in one, else 403. */
export function assertSameWallet(named: string | undefined, wallet: string, field: string): void {
  if (named !== undefined && named.toLowerCase() !== wallet) {
    throw new AppError(ErrorCode.FORBIDDEN, 403, `${field} is not the signed-in wallet`);
  }
}
