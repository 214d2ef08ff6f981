import type { EventPayload } from '@shm/contracts';

/** The current value of the paymentGate flag (see gate-flag.ts). */
export interface PaymentGateState {
  isOn(): boolean;
}

/** Whether a signed-in wallet holds a valid access grant. */
export interface AccessGrants {
  hasValidGrant(wallet: string): Promise<boolean>;
}

/** A grant as the payments service states it. */
export interface ConfirmedGrant {
  sessionId: string;
  grantedAt: string;
  expiresAt: string;
}

/** The payments service, asked directly over HTTP. */
export interface GrantSource {
  currentGrant(wallet: string): Promise<ConfirmedGrant | null>;
}

/** Calc's own copy of the grants (fed by events), which can also be told a grant directly. */
export interface GrantCopy extends AccessGrants {
  record(grant: ConfirmedGrant & { wallet: string }): Promise<void>;
}

/** The copy as the `payment.confirmed` / `access.revoked` consumer keeps it (in Redis). */
export interface GrantStore extends GrantCopy {
  record(event: Pick<EventPayload<'payment.confirmed'>, 'wallet' | 'sessionId' | 'grantedAt' | 'expiresAt'>): Promise<void>;
  revoke(event: EventPayload<'access.revoked'>): Promise<void>;
}
