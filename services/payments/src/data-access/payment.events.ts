import type { Producer } from '@shm/platform/jobs';
import type { PaymentEvents } from '../domain/ports';

/** payment.confirmed and access.revoked on Redis Streams (calc keeps its grants from them). */
export function paymentEvents(jobs: Pick<Producer, 'publish'>): PaymentEvents {
  return {
    async confirmed(grant, payment) {
      await jobs.publish('payment.confirmed', {
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
      await jobs.publish('access.revoked', { wallet, at: at.toISOString() });
    },
  };
}
