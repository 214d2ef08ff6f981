import { performance } from 'node:perf_hooks';
import { jobHandler } from '@shm/platform/jobs';
import type { DeliveryJob, DeliveryOutcome } from '../../domain/deliver-alert';
import type { AttemptOutcome } from '../metrics/alert.metrics';

export interface AlertDeliveryUseCases {
  deliver(job: DeliveryJob, options: { finalAttempt: boolean }): Promise<DeliveryOutcome>;
  /** Dead-letters a delivery still under way (one already delivered or dead is left alone). */
  giveUp(job: DeliveryJob, error: string): Promise<void>;
  observe(outcome: AttemptOutcome, seconds: number): void;
}

/** BullMQ's reason for a job whose workers kept dying under it (more than maxStalledCount times). */
const STALLED_OUT = 'stalled more than allowable limit';

/**
 * The alert-delivery queue's job: one attempt of the delivery use case, counted by its outcome. A
 * failed attempt is retried with the job's backoff until its attempts run out; a job whose worker
 * died mid-send is taken over (stalled) and sent again with the same Idempotency-Key.
 *
 * `failed` dead-letters what no attempt of ours did: the last attempt failing on our side (the
 * receiver's refusal is recorded dead by the attempt itself), or BullMQ giving the job up because
 * its workers kept dying under it, when no last attempt ran at all.
 */
export const alertDeliveryJobs = (useCases: AlertDeliveryUseCases) => [
  jobHandler({
    queue: 'alertDelivery',
    job: 'deliverAlert',
    async run(job, { attempt, finalAttempt, log }) {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const outcome = await useCases.deliver(job, { finalAttempt });
        useCases.observe(outcome, seconds());
        log.info({ attempts: attempt, outcome }, 'alert delivery finished');
        return outcome;
      } catch (err) {
        useCases.observe(finalAttempt ? 'dead' : 'retried', seconds());
        throw err;
      }
    },
    failed: (job, reason) =>
      useCases.giveUp(job, reason.includes(STALLED_OUT) ? 'The delivery was interrupted too often (its worker stopped mid-send)' : reason),
  }),
];
