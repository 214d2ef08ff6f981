import type { Metrics } from '@shm/platform';

/** What an attempt came to: `retried` will run again, `dead` was the last, `skipped` had nothing to send (its destination was deleted). */
export type AttemptOutcome = 'delivered' | 'retried' | 'dead' | 'skipped';
const OUTCOMES: readonly AttemptOutcome[] = ['delivered', 'retried', 'dead', 'skipped'];

/** Seconds an attempt took, up to the 5 s default timeout and past it. */
const DURATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * `alert_deliveries_total{outcome}` and `alert_delivery_duration_seconds{outcome}` (delivered or
 * failed): what this process's worker attempts came to and how long they took.
 */
export function alertDeliveryMetrics(metrics: Metrics): (outcome: AttemptOutcome, seconds: number) => void {
  const attempts = metrics.counter({
    name: 'alert_deliveries_total',
    help: 'Alert delivery attempts of this worker by outcome: delivered, retried (will run again), dead (the last attempt failed), skipped (the destination was deleted)',
    labelNames: ['outcome'],
  });
  for (const outcome of OUTCOMES) attempts.inc({ outcome }, 0);
  const duration = metrics.histogram({
    name: 'alert_delivery_duration_seconds',
    help: 'Time of one alert delivery attempt (URL check, DNS, connect, the receiver answering), by outcome: delivered or failed',
    labelNames: ['outcome'],
    buckets: DURATION_BUCKETS,
  });
  return (outcome, seconds) => {
    attempts.inc({ outcome });
    if (outcome !== 'skipped') duration.observe({ outcome: outcome === 'delivered' ? 'delivered' : 'failed' }, seconds);
  };
}
