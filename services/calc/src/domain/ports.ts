import type { EventPayload } from '@shm/contracts';

/** The current value of the paymentGate flag (see gate-flag.ts). */
export interface PaymentGateState {
  isOn(): boolean;
}

/** Whether a signed-in wallet holds a valid access grant. */
export interface AccessGrants {
  hasValidGrant(wallet: string): Promise<boolean>;
}

/**
 * Brings calc's copy up to date for one wallet with the grant events its consumer has not handled
 * yet (a confirmation published a moment ago, or while the consumer was down).
 */
export interface GrantCatchUp {
  catchUp(wallet: string): Promise<void>;
}

/** The copy as the `payment.confirmed` / `access.revoked` handlers keep it (in Redis). */
export interface GrantStore extends AccessGrants {
  record(event: Pick<EventPayload<'payment.confirmed'>, 'wallet' | 'sessionId' | 'grantedAt' | 'expiresAt'>): Promise<void>;
  revoke(event: EventPayload<'access.revoked'>): Promise<void>;
}
