import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from '@shm/platform/redis';
import type { TokenKind, TokenRecord, TokenStore } from '../domain/ports';


const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Opaque random tokens (wallet session ids, admin bearer tokens). Only a SHA-256 digest is stored,
 * with a TTL, so a copy of Redis holds nothing a caller could present.
 */
export function tokenRepository(redis: Redis, prefix: string): TokenStore {
  const key = (kind: TokenKind, token: string) => `${prefix}token:${kind}:${digest(token)}`;
  return {
    async issue(kind: TokenKind, wallet: string, ttlSeconds: number, now = Date.now()): Promise<{ token: string } & TokenRecord> {
      const token = randomBytes(32).toString('base64url');
      const record: TokenRecord = { wallet, expiresAt: new Date(now + ttlSeconds * 1000).toISOString() };
      await redis.set(key(kind, token), JSON.stringify(record), 'EX', ttlSeconds);
      return { token, ...record };
    },
    async find(kind: TokenKind, token: string): Promise<TokenRecord | null> {
      if (!token || token.length > 256) return null;
      const raw = await redis.get(key(kind, token));
      return raw ? (JSON.parse(raw) as TokenRecord) : null;
    },
    async revoke(kind: TokenKind, token: string): Promise<void> {
      if (token && token.length <= 256) await redis.del(key(kind, token));
    },
  };
}
