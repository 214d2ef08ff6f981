import type { FeatureFlagName, FeatureFlags } from '@shm/contracts';

/** What a single-use nonce was issued for: a wallet sign-in or the admin challenge. */
export type NonceKind = 'wallet' | 'admin';

/** Single-use nonces with a TTL; the stored value binds a nonce to what it was issued for. */
export interface NonceStore {
  save(kind: NonceKind, nonce: string, value: string, ttlSeconds: number): Promise<void>;
  /** True exactly once: when the nonce exists, still holds `value`, and is deleted by this call. */
  consume(kind: NonceKind, nonce: string, value: string): Promise<boolean>;
}

export type TokenKind = 'session' | 'admin';
export interface TokenRecord {
  /** Lower-case wallet address the token is bound to. */
  wallet: string;
  expiresAt: string;
}

/** Opaque random tokens (wallet session ids, admin bearer tokens) with a TTL. */
export interface TokenStore {
  issue(kind: TokenKind, wallet: string, ttlSeconds: number, now?: number): Promise<{ token: string } & TokenRecord>;
  find(kind: TokenKind, token: string): Promise<TokenRecord | null>;
  revoke(kind: TokenKind, token: string): Promise<void>;
}

/** The stored feature flags; a flag never written is off. */
export interface FlagStore {
  read(): Promise<FeatureFlags>;
  write(name: FeatureFlagName, enabled: boolean): Promise<void>;
}

/** Tells the other services the flags changed (the `flags.changed` event). */
export interface FlagEvents {
  changed(flags: FeatureFlags, at: Date): Promise<void>;
}

/** Fixed-window request counts shared by every gateway replica. */
export interface RateLimitStore {
  /** Counts one request for `bucket`; returns the count in the window and the ms until it resets. */
  hit(bucket: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
}
