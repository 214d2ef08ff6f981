import type { Logger, Metrics } from '@shm/platform';
import { consumeEvents, type Redis } from '@shm/platform/redis';
import type { GrantStore } from '../../domain/ports';

export interface FollowPaymentsOptions {
  /** One group for all calc replicas: the grants live in shared Redis, so each event is applied once. */
  group: string;
  consumer: string;
  logger: Logger;
  blockMs?: number;
  /** Events a dead replica read but never acknowledged are taken over after this long. */
  reclaimIdleMs?: number;
  metrics?: Metrics;
}

/** Keeps calc's grants in step with the payments service (payment.confirmed, access.revoked). */
export function followPaymentGrants(redis: Redis, grants: GrantStore, { group, consumer, logger, blockMs, reclaimIdleMs, metrics }: FollowPaymentsOptions) {
  return consumeEvents(redis, {
    group,
    consumer,
    logger,
    blockMs,
    reclaimIdleMs,
    metrics,
    handlers: {
      'payment.confirmed': (event) => grants.record(event),
      'access.revoked': (event) => grants.revoke(event),
    },
  });
}
