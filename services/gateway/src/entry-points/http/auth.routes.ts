import express, { Router } from 'express';
import { authContract } from '@shm/contracts';
import { parseWith, mountRoute } from '@shm/platform';
import type { WalletSignIn } from '../../domain/wallet-sign-in';
import { callerOf } from './caller';
import { clearSessionCookie, setSessionCookie, type CookieSettings } from './cookies';

const json = express.json({ limit: '16kb' });

export function authRoutes(signIn: WalletSignIn, { sessionTtlSeconds, cookie }: { sessionTtlSeconds: number; cookie: CookieSettings }): Router {
  const router = Router();

  mountRoute(router, authContract.nonce, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(authContract.nonce.reply.parse(await signIn.issueNonce()));
  });

  mountRoute(router, authContract.verify, json, async (req, res) => {
    const { message, signature } = parseWith(authContract.verify.body, req.body);
    const session = await signIn.signIn(message, signature);
    setSessionCookie(res, session.token, sessionTtlSeconds, cookie);
    res.json(authContract.verify.reply.parse({ success: true, authenticated: true, address: session.wallet, expiresAt: session.expiresAt }));
  });

  mountRoute(router, authContract.session, (_req, res) => {
    const { session } = callerOf(res);
    res.setHeader('Cache-Control', 'no-store');
    res.json(
      authContract.session.reply.parse(
        session
          ? { success: true, authenticated: true, address: session.wallet, expiresAt: session.expiresAt }
          : { success: true, authenticated: false },
      ),
    );
  });

  mountRoute(router, authContract.logout, async (_req, res) => {
    const { session } = callerOf(res);
    if (session) await signIn.signOut(session.id);
    clearSessionCookie(res, cookie);
    res.json(authContract.logout.reply.parse({ success: true }));
  });

  return router;
}
