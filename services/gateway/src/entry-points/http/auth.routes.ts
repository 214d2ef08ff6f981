import type { Response, Router } from 'express';
import { authContract } from '@shm/contracts';
import { handler } from '@shm/platform';
import type { WalletSignIn } from '../../domain/wallet-sign-in';
import { clearSessionCookie, setSessionCookie, type CookieSettings } from './cookies';
import { callerFrom, gatewayRoutes } from './serve';

export function authRoutes(signIn: WalletSignIn, { sessionTtlSeconds, cookie }: { sessionTtlSeconds: number; cookie: CookieSettings }): Router {
  return gatewayRoutes([
    handler(authContract.nonce, () => signIn.issueNonce()),
    handler(authContract.verify, async ({ body: { message, signature }, res }) => {
      const session = await signIn.signIn(message, signature);
      setSessionCookie(res as Response, session.token, sessionTtlSeconds, cookie);
      return { success: true, authenticated: true, address: session.wallet, expiresAt: session.expiresAt };
    }),
    handler(authContract.session, ({ res }) => {
      const { session } = callerFrom(res);
      return session ? { success: true, authenticated: true, address: session.wallet, expiresAt: session.expiresAt } : { success: true, authenticated: false };
    }),
    handler(authContract.logout, async ({ res }) => {
      const { session } = callerFrom(res);
      if (session) await signIn.signOut(session.id);
      clearSessionCookie(res as Response, cookie);
      return { success: true };
    }),
  ]);
}
