import { unhandledEvents, type Redis } from '@shm/platform/redis';
import type { GrantCatchUp, GrantStore } from '../domain/ports';

/**
 * Applies to calc's copy the grant events of one wallet that the grants group has not handled yet
 * (read from the streams themselves): payments writes `payment.confirmed` before the page can learn
 * the payment is confirmed, so a calculation right after it finds the grant even when calc's consumer
 * is behind or down. Revocations go first; the copy's watermark keeps a revoked grant out whatever the order.
 */
export function unhandledGrants(redis: Redis, grants: GrantStore, group: string): GrantCatchUp {
  return {
    async catchUp(wallet) {
      const mine = <E extends { wallet: string }>(events: { payload: E }[]) => events.map((e) => e.payload).filter((e) => e.wallet === wallet);
      for (const revoked of mine(await unhandledEvents(redis, 'access.revoked', group))) await grants.revoke(revoked);
      for (const confirmed of mine(await unhandledEvents(redis, 'payment.confirmed', group))) await grants.record(confirmed);
    },
  };
}
