import type { Response } from 'express';
import { SESSION_COOKIE } from '@shm/contracts';

export interface CookieSettings {
  /** Secure only when the public origin is https (a local http origin would never get it back). */
  secure: boolean;
}

export function setSessionCookie(res: Response, token: string, ttlSeconds: number, { secure }: CookieSettings): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: ttlSeconds * 1000 });
}

export function clearSessionCookie(res: Response, { secure }: CookieSettings): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
