import type { AlertsDomain } from './deps';

export interface DeliveryJob {
  deliveryId: string;
  wallet: string;
}

/** `skipped`: nothing to send (the delivery or its destination was deleted, or it was already finished). */
export type DeliveryOutcome = 'delivered' | 'skipped';

/** An attempt that failed; the queue retries it with backoff unless it was the last. */
export class DeliveryFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryFailed';
  }
}

/**
 * One attempt at one delivery. The receiver gets the delivery id as its Idempotency-Key on every
 * attempt, so a retry after a crash mid-request (the receiver may have taken the first) is one it can
 * recognise. After the last attempt the delivery is dead: the app shows it with its last error.
 */
export async function deliverAlert(domain: AlertsDomain, job: DeliveryJob, { finalAttempt }: { finalAttempt: boolean }): Promise<DeliveryOutcome> {
  const delivery = await domain.alerts.deliveries.get(job.deliveryId);
  if (!delivery || delivery.status === 'delivered' || delivery.status === 'dead') return 'skipped';
  const destination = await domain.alerts.destinations.get(job.wallet, delivery.destinationId);
  if (!destination) return 'skipped';
  const result = await domain.alerts.sender.send(destination, delivery);
  const at = domain.now().toISOString();
  if (result.ok) {
    await domain.alerts.deliveries.recordAttempt(delivery.id, { status: 'delivered', error: null, at });
    return 'delivered';
  }
  await domain.alerts.deliveries.recordAttempt(delivery.id, { status: finalAttempt ? 'dead' : 'retrying', error: result.error, at });
  throw new DeliveryFailed(result.error);
}
