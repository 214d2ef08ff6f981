import type { Worker } from 'bullmq';
import type { Metrics } from '@shm/platform';
import { VERIFICATION_DEPTH_STATES, type VerificationQueueDepth } from '../../domain/ports';

export type JobOutcome = 'completed' | 'failed' | 'retried' | 'stalled';
const OUTCOMES: readonly JobOutcome[] = ['completed', 'failed', 'retried', 'stalled'];

/**
 * What a failed attempt means: `retried` when BullMQ will run the job again (attempts left, not an
 * UnrecoverableError), `failed` when it was the last (the payment was refused, or ran out of attempts).
 * Read after BullMQ counted the attempt, as its `failed` event reports it.
 */
export function failedAttemptOutcome(job: { attemptsMade: number; opts: { attempts?: number } } | undefined, err: Error): 'failed' | 'retried' {
  if (!job || err.name === 'UnrecoverableError') return 'failed';
  return job.attemptsMade < (job.opts.attempts ?? 1) ? 'retried' : 'failed';
}

/**
 * `payment_verification_queue_depth{state}`, read from the queue at scrape time (every payments
 * process reports it; the figures are the shared queue's, so take the max across pods).
 */
export function exportQueueDepth(metrics: Metrics, jobCounts: VerificationQueueDepth): void {
  metrics.gauge({
    name: 'payment_verification_queue_depth',
    help: 'Payment-verification jobs in the shared queue by state, read at scrape time',
    labelNames: ['state'],
    collect: async () => {
      const counts = await jobCounts();
      return VERIFICATION_DEPTH_STATES.map((state) => ({ labels: { state }, value: counts[state] ?? 0 }));
    },
  });
}

/**
 * `payment_verification_jobs_total{outcome}`: what this worker's attempts came to, and the stalled
 * jobs its stalled-job check found (only a process that runs the worker exports it).
 */
export function countJobOutcomes(metrics: Metrics, worker: Pick<Worker, 'on'>): void {
  const jobs = metrics.counter({
    name: 'payment_verification_jobs_total',
    help: 'Payment-verification attempts of this worker by outcome: completed, retried (will run again), failed (final), stalled (found by its check: a worker stopped mid-job)',
    labelNames: ['outcome'],
  });
  for (const outcome of OUTCOMES) jobs.inc({ outcome }, 0);
  worker.on('completed', () => jobs.inc({ outcome: 'completed' }));
  worker.on('failed', (job, err) => jobs.inc({ outcome: failedAttemptOutcome(job, err) }));
  worker.on('stalled', () => jobs.inc({ outcome: 'stalled' }));
}
