import { parse } from 'cookie';
import type { RequestHandler, Response } from 'express';
import { IDENTITY_HEADER, SESSION_COOKIE } from '@shm/contracts';
import { signIdentity } from '@shm/platform';
import type { AdminAuth } from '../../domain/admin-auth';
import type { WalletSignIn } from '../../domain/wallet-sign-in';

/** Who is calling, as proven to the gateway (never as claimed by a header or body). */
export interface Caller {
  /** Signed-in wallet session (lower-case address). */
  session?: { id: string; wallet: string; expiresAt: string };
  /** A bearer token was sent, valid or not. */
  bearer?: string;
  /** The bearer token is a live admin token. */
  admin: boolean;
}

export const callerOf = (res: Response): Caller => (res.locals.caller as Caller | undefined) ?? { admin: false };

function bearerOf(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * Resolves the session cookie and the admin bearer token against Redis, then states the result to
 * services in the signed identity header (which stripIdentity has already cleared of client claims).
 */
export function resolveCaller({ signIn, admin, secret }: { signIn: WalletSignIn; admin: AdminAuth; secret: string }): RequestHandler {
  const resolve = async (caller: Caller, sessionId: string | undefined, bearer: string | undefined): Promise<Caller> => {
    if (sessionId) {
      const record = await signIn.session(sessionId);
      if (record) caller.session = { id: sessionId, ...record };
    }
    caller.bearer = bearer;
    if (bearer) caller.admin = (await admin.tokenRecord(bearer)) !== null;
    return caller;
  };
  return (req, res, next) => {
    // The `cookie` library (what express's res.cookie writes with), only when there is a header.
    const sessionId = req.headers.cookie ? parse(req.headers.cookie)[SESSION_COOKIE] || undefined : undefined;
    const bearer = bearerOf(req.headers.authorization);
    // No credentials, most calls: nobody to look up, no promise.
    if (!sessionId && !bearer) {
      res.locals.caller = { admin: false } satisfies Caller;
      return next();
    }
    return resolve({ admin: false }, sessionId, bearer).then((caller) => {
      res.locals.caller = caller;
      if (caller.session || caller.admin) {
        req.headers[IDENTITY_HEADER] = signIdentity(
          { ...(caller.session ? { wallet: caller.session.wallet } : {}), ...(caller.admin ? { admin: true } : {}) },
          secret,
        );
      }
      next();
    });
  };
}

/** Services get the signed identity instead of the raw credentials, so no service ever holds a token. */
export const dropCredentials: RequestHandler = (req, _res, next) => {
  delete req.headers.authorization;
  delete req.headers.cookie;
  next();
};
