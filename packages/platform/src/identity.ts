import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { IDENTITY_HEADER } from '@shm/contracts';
import { z } from 'zod';

/** Who the gateway says the caller is; services trust it only with a valid signature. */
export interface Identity {
  /** Lower-case 0x address proven by wallet sign-in, if any. */
  wallet?: string;
  /** True for a caller holding a valid admin bearer token. */
  admin?: boolean;
}

interface SignedIdentity extends Identity {
  exp: number;
}

/**
 * The secret the gateway signs identities with and services check them with (env INTERNAL_SECRET).
 * The default is for local runs only; a production config refuses it (see the gateway config).
 */
export const DEV_INTERNAL_SECRET = 'local-dev-internal-secret-not-for-production';
export const internalSecretSchema = z.string().min(16, { error: 'INTERNAL_SECRET must be at least 16 characters' }).default(DEV_INTERNAL_SECRET);

const b64 = (s: string) => Buffer.from(s).toString('base64url');
const mac = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('base64url');

/** A short-lived token the gateway puts in the identity header (HMAC-SHA256 with the internal secret). */
export function signIdentity(identity: Identity, secret: string, ttlMs = 60_000, now = Date.now()): string {
  const body = b64(JSON.stringify({ ...identity, exp: now + ttlMs } satisfies SignedIdentity));
  return `${body}.${mac(body, secret)}`;
}

/** Verifies a token; anything unsigned, tampered with, expired or malformed is no identity at all. */
export function verifyIdentity(token: string | undefined, secret: string, now = Date.now()): Identity | null {
  if (!token) return null;
  const [body, sig] = token.split('.');
  if (!body || !sig) return null;
  const expected = Buffer.from(mac(body, secret));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString()) as SignedIdentity;
    if (typeof parsed.exp !== 'number' || parsed.exp < now) return null;
    return { ...(parsed.wallet ? { wallet: parsed.wallet } : {}), ...(parsed.admin ? { admin: true } : {}) };
  } catch {
    return null;
  }
}

/** The verified identity of a request that came through the gateway. */
export function identityOf(req: IncomingMessage, secret: string): Identity | null {
  const header = req.headers[IDENTITY_HEADER];
  return verifyIdentity(typeof header === 'string' ? header : undefined, secret);
}
