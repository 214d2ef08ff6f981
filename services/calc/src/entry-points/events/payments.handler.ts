import { eventHandler } from '@shm/platform/jobs';
import type { GrantStore } from '../../domain/ports';

/**
 * Calc's grants from the payments service's events. One group for every replica: the grants live in
 * shared Redis, so each event is applied once (both handlers are idempotent).
 */
export const paymentGrantHandlers = (grants: GrantStore, group: string) => [
  eventHandler({ event: 'payment.confirmed', group, run: (event) => grants.record(event) }),
  eventHandler({ event: 'access.revoked', group, run: (event) => grants.revoke(event) }),
];
