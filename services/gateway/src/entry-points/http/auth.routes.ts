import express, { Router } from 'express';
import { NonceReplySchema, SessionReplySchema, SignInRequestSchema, SuccessReplySchema } from '@shm/contracts';
import { parseWith } from '@shm/platform';
import type { WalletSignIn } from '../../domain/wallet-sign-in';
import { callerOf } from './caller';
import { clearSessionCookie, setSessionCookie, type CookieSettings } from './cookies';

const json = express.json({ limit: '16kb' });

export function authRoutes(signIn: WalletSignIn, { sessionTtlSeconds, cookie }: { sessionTtlSeconds: number; cookie: CookieSettings }): Router {
  const router = Router();

  router.get('/api/auth/nonce', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(NonceReplySchema.parse(await signIn.issueNonce()));
  });

  router.post('/api/auth/verify', json, async (req, res) => {
    const { message, signature } = parseWith(SignInRequestSchema, req.body);
    const session = await signIn.signIn(message, signature);
    setSessionCookie(res, session.token, sessionTtlSeconds, cookie);
    res.json(SessionReplySchema.parse({ success: true, authenticated: true, address: session.wallet, expiresAt: session.expiresAt }));
  });

  router.get('/api/auth/session', (_req, res) => {
    const { session } = callerOf(res);
    res.setHeader('Cache-Control', 'no-store');
    res.json(
      SessionReplySchema.parse(
        session
          ? { success: true, authenticated: true, address: session.wallet, expiresAt: session.expiresAt }
          : { success: true, authenticated: false },
      ),
    );
  });

  router.post('/api/auth/logout', async (_req, res) => {
    const { session } = callerOf(res);
    if (session) await signIn.signOut(session.id);
    clearSessionCookie(res, cookie);
    res.json(SuccessReplySchema.parse({ success: true }));
  });

  return router;
}
