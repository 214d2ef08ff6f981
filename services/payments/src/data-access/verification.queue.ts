import { Job, Queue, QueueEvents, type JobsOptions } from 'bullmq';
import { JOBS, QUEUES } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import type { Redis } from '@shm/platform/redis';
import { VERIFICATION_DEPTH_STATES, type VerificationDepthState, type VerificationJob, type VerificationQueue } from '../domain/ports';

/**
 * One job per (transaction, wallet): the same claim repeated is the same job, while a claim of the
 * same hash by another wallet cannot hide behind it (its own job refuses it; the payments unique
 * index is the final guard). Hex and '-' only: BullMQ ids may not contain ':' nor be all digits.
 */
export const jobIdOf = (job: VerificationJob) => `${job.txHash}-${job.wallet}`;

const WAITING: ReadonlySet<string> = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

export interface QueueSettings {
  attempts: number;
  backoffMs: number;
}

/**
 * The producer side of the payment-verification queue. `producer` should fail fast (an HTTP request
 * answers 503 rather than hang); `events` is a blocking connection that retries forever.
 */
export async function verificationQueue(
  { producer, events: eventsRedis, prefix, logger }: { producer: Redis; events: Redis; prefix: string; logger: Logger },
  { attempts, backoffMs }: QueueSettings,
): Promise<VerificationQueue & { jobCounts(): Promise<Record<VerificationDepthState, number>>; close(): Promise<void> }> {
  const queue = new Queue(QUEUES.paymentVerification, { connection: producer, prefix });
  queue.on('error', (err) => logger.warn({ err: err.message }, 'verification queue error'));
  const events = new QueueEvents(QUEUES.paymentVerification, { connection: eventsRedis, prefix });
  events.on('error', (err) => logger.warn({ err: err.message }, 'verification queue events error'));
  await events.waitUntilReady();
  const options: JobsOptions = {
    attempts,
    backoff: { type: 'exponential', delay: backoffMs, jitter: 0.5 },
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
  };

  return {
    async enqueue(job) {
      const jobId = jobIdOf(job);
      const existing = await Job.fromId(queue, jobId);
      if (existing) {
        if (WAITING.has(await existing.getState())) return;
        // A finished job would make the add a no-op: clear it so the check runs again.
        await existing.remove().catch((err: unknown) => {
          logger.warn({ jobId, err: err instanceof Error ? err.message : String(err) }, 'could not remove finished job');
        });
      }
      await queue.add(JOBS.paymentVerification.verifyPayment, job, { ...options, jobId });
    },
    async waitFor(job, ms) {
      const found = await Job.fromId(queue, jobIdOf(job));
      if (!found) return 'finished';
      try {
        await found.waitUntilFinished(events, ms);
        return 'finished';
      } catch {
        return WAITING.has(await found.getState()) ? 'timeout' : 'finished';
      }
    },
    async isQueued(job) {
      const found = await Job.fromId(queue, jobIdOf(job));
      return found ? WAITING.has(await found.getState()) : false;
    },
    /** Jobs by state (for the queue depth metric). */
    async jobCounts() {
      return (await queue.getJobCounts(...VERIFICATION_DEPTH_STATES)) as Record<VerificationDepthState, number>;
    },
    async close() {
      await events.close();
      await queue.close();
    },
  };
}
