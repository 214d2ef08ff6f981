import { performance } from 'node:perf_hooks';
import { QueueEvents, UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { JOBS, QUEUES, checkWorkerJobs, deliveryIdOfAlertJob, type JobName } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import type { Redis } from '@shm/platform/redis';
import { DeliveryFailed, type DeliveryJob, type DeliveryOutcome } from '../../domain/deliver-alert';
import type { AttemptOutcome } from '../metrics/alert.metrics';

export interface AlertWorkerSettings {
  concurrency: number;
  /** A job whose worker stops renewing its lock this long (it died mid-send) is run again by another worker. */
  lockDuration: number;
  stalledInterval: number;
}

export interface AlertWorkerHandlers {
  deliver(job: DeliveryJob, options: { finalAttempt: boolean }): Promise<DeliveryOutcome>;
  /** The last attempt failed on our side (not the receiver's): dead-letter the delivery all the same. */
  giveUp(job: DeliveryJob, error: string): Promise<void>;
  observe(outcome: AttemptOutcome, seconds: number): void;
}

/**
 * The worker's handlers by job name (the registry's for its queue): pulls the ids out of the job and
 * runs the delivery use case, counting the attempt's outcome.
 */
export function alertDeliveryJobs(handlers: AlertWorkerHandlers): Record<JobName<'alertDelivery'>, (job: Job<DeliveryJob>) => Promise<DeliveryOutcome>> {
  return {
    [JOBS.alertDelivery.deliverAlert]: async (job) => {
      const { deliveryId, wallet } = job.data;
      const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const outcome = await handlers.deliver({ deliveryId, wallet }, { finalAttempt });
        handlers.observe(outcome, seconds());
        return outcome;
      } catch (err) {
        handlers.observe(finalAttempt ? 'dead' : 'retried', seconds());
        if (finalAttempt && !(err instanceof DeliveryFailed)) await handlers.giveUp({ deliveryId, wallet }, (err as Error).message);
        throw err;
      }
    },
  };
}

/**
 * Runs the alert-delivery jobs (refusing to start unless it handles exactly the registry's jobs); a
 * failed attempt is retried with the job's exponential backoff until its attempts run out. BullMQ's
 * stalled-job check hands a job whose worker died back to the queue, so it is sent again with the
 * same Idempotency-Key.
 */
export function startAlertDeliveryWorker(
  connection: ConnectionOptions,
  prefix: string,
  handlers: AlertWorkerHandlers,
  logger: Logger,
  { concurrency, lockDuration, stalledInterval }: AlertWorkerSettings,
): Worker {
  const jobs = alertDeliveryJobs(handlers);
  checkWorkerJobs('alertDelivery', Object.keys(jobs));
  const worker = new Worker<DeliveryJob, DeliveryOutcome>(
    QUEUES.alertDelivery,
    async (job) => {
      if (!Object.hasOwn(jobs, job.name)) throw new UnrecoverableError(`no handler for job ${job.name}`);
      return jobs[job.name as JobName<'alertDelivery'>](job);
    },
    { connection, prefix, concurrency, lockDuration, stalledInterval, maxStalledCount: 2 },
  );
  worker.on('completed', (job, outcome) => logger.info({ jobId: job.id, attempts: job.attemptsMade + 1, outcome }, 'alert delivery finished'));
  worker.on('failed', (job, err) => logger.info({ jobId: job?.id, attempt: job?.attemptsMade, reason: err.message }, 'alert delivery attempt failed'));
  worker.on('stalled', (jobId) => logger.warn({ jobId }, 'alert delivery stalled (its worker stopped mid-send); it runs again'));
  worker.on('error', (err) => logger.warn({ err: err.message }, 'alert worker error'));
  return worker;
}

/** BullMQ's reason for a job whose workers kept dying under it (more than maxStalledCount times). */
const STALLED_OUT = 'stalled more than allowable limit';

/**
 * A job BullMQ fails by itself (it stalled too often) never runs a last attempt of ours, so its
 * delivery would stay `retrying`: this dead-letters it. Every worker process hears the event; the
 * write is idempotent. Takes its own connection for the blocking reads.
 */
export async function deadLetterStalledOut(
  redis: Redis,
  prefix: string,
  giveUp: (deliveryId: string, error: string) => Promise<void>,
  logger: Logger,
): Promise<{ close(): Promise<void> }> {
  const connection = redis.duplicate();
  const events = new QueueEvents(QUEUES.alertDelivery, { connection, prefix });
  events.on('failed', ({ jobId, failedReason }) => {
    if (!failedReason.includes(STALLED_OUT)) return;
    logger.warn({ jobId }, 'alert delivery stalled too often; dead-lettered');
    giveUp(deliveryIdOfAlertJob(jobId), 'The delivery was interrupted too often (its worker stopped mid-send)').catch((err: unknown) => {
      logger.warn({ jobId, err: err instanceof Error ? err.message : String(err) }, 'could not dead-letter a stalled delivery');
    });
  });
  events.on('error', (err) => logger.warn({ err: err.message }, 'alert queue events error'));
  await events.waitUntilReady();
  return {
    async close() {
      await events.close();
      connection.disconnect();
    },
  };
}
