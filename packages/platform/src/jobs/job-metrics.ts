import { QUEUES, type QueueKey } from '@shm/contracts';
import type { Metrics } from '../metrics';

/** Outcomes of an attempt: `retried` runs again, `failed` was final, `stalled` was found abandoned by a dead worker. */
export type JobOutcome = 'completed' | 'retried' | 'failed' | 'stalled';
const OUTCOMES: readonly JobOutcome[] = ['completed', 'retried', 'failed', 'stalled'];

/** States reported as a queue's depth: to run, running, waiting out a backoff, and the failed jobs kept. */
export const DEPTH_STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed'] as const;
export type DepthState = (typeof DEPTH_STATES)[number];

/** `payment-verification` → `payment_verification`: each queue's series are named after it, as they were before the runtime. */
export const metricPrefix = (queue: QueueKey) => QUEUES[queue].replaceAll('-', '_');

/**
 * `<queue>_jobs_total{job_name, outcome}` and `<queue>_job_duration_seconds{job_name, outcome}` for a
 * queue this process works on (registered once per process and queue).
 */
export function jobSeries(metrics: Metrics, queue: QueueKey, jobNames: readonly string[]) {
  const prefix = metricPrefix(queue);
  const total = metrics.counter({
    name: `${prefix}_jobs_total`,
    help: `Attempts of ${QUEUES[queue]} jobs run by this process, by outcome: completed, retried (will run again), failed (final), stalled (found by its check: a worker stopped mid-job)`,
    labelNames: ['job_name', 'outcome'],
  });
  for (const name of jobNames) for (const outcome of OUTCOMES) total.inc({ job_name: name, outcome }, 0);
  const duration = metrics.histogram({
    name: `${prefix}_job_duration_seconds`,
    help: `Time of each attempt of a ${QUEUES[queue]} job in this process, by whether it completed or threw`,
    labelNames: ['job_name', 'outcome'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60],
  });
  return {
    count: (jobName: string, outcome: JobOutcome) => total.inc({ job_name: jobName, outcome }),
    time: (jobName: string, outcome: 'completed' | 'failed', seconds: number) => duration.observe({ job_name: jobName, outcome }, seconds),
  };
}

/** `<queue>_queue_depth{state}`, read from the shared queue at scrape time (every process reports the same figures: take the max). */
export function exportDepth(metrics: Metrics, queue: QueueKey, counts: () => Promise<Record<DepthState, number>>): void {
  metrics.gauge({
    name: `${metricPrefix(queue)}_queue_depth`,
    help: `Jobs in the shared ${QUEUES[queue]} queue by state, read at scrape time`,
    labelNames: ['state'],
    collect: async () => {
      const figures = await counts();
      return DEPTH_STATES.map((state) => ({ labels: { state }, value: figures[state] }));
    },
  });
}
