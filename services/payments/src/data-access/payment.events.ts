import { publishEvent, type Redis } from '@shm/platform/redis';
import type { PaymentEvents } from '../domain/ports';

/** payment.confirmed and access.revoked on Redis Streams (calc keeps its grants from them). */
export function paymentEvents(redis: Redis): PaymentEvents {
  return {
    async confirmed(grant, payment) {
      await publishEvent(redis, 'payment.confirmed', {
        wallet: grant.wallet,
        sessionId: grant.sessionId,
        transactionHash: grant.txHash,
        chainId: payment.chainId,
        amountWei: payment.amountWei.toString(),
        grantedAt: grant.grantedAt.toISOString(),
        expiresAt: grant.expiresAt.toISOString(),
      });
    },
    async revoked(wallet, at) {
      await publishEvent(redis, 'access.revoked', { wallet, at: at.toISOString() });
    },
  };
}
