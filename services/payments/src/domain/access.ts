import { ACCESS_HOURS, type SessionInfo } from '@shm/contracts';
import type { AccessGrant, PaymentIntent } from './ports';

const HOUR_MS = 3_600_000;
export const ACCESS_MS = ACCESS_HOURS * HOUR_MS;

/** Hours left until `expiresAt` (4 decimals, never negative). */
export const hoursRemaining = (expiresAt: Date, now: Date): number =>
  Math.max(0, Math.round(((expiresAt.getTime() - now.getTime()) / HOUR_MS) * 1e4) / 1e4);

export const isValidGrant = (grant: AccessGrant | null, now: Date): grant is AccessGrant =>
  grant !== null && !grant.revoked && grant.expiresAt.getTime() > now.getTime();

/** The grant a confirmed intent earns: 24 hours from confirmation. */
export const grantFor = (intent: PaymentIntent, txHash: string, now: Date): AccessGrant => ({
  sessionId: intent.id,
  wallet: intent.wallet,
  txHash,
  grantedAt: now,
  expiresAt: new Date(now.getTime() + ACCESS_MS),
  revoked: false,
});

export function sessionInfoOf(grant: AccessGrant | null, now: Date): SessionInfo {
  if (!isValidGrant(grant, now)) return { isValid: false, hoursRemaining: 0 };
  return {
    isValid: true,
    hoursRemaining: hoursRemaining(grant.expiresAt, now),
    sessionId: grant.sessionId,
    expiresAt: grant.expiresAt.toISOString(),
    transactionHash: grant.txHash,
  };
}
