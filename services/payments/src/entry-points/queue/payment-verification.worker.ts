import { UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import { QUEUES } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import { VERIFY_JOB } from '../../data-access/verification.queue';
import type { VerificationJob } from '../../domain/ports';
import { VerificationProblem } from '../../domain/refusals';
import type { VerificationOutcome } from '../../domain/verify-transaction';

export interface WorkerSettings {
  concurrency: number;
  lockDuration: number;
  stalledInterval: number;
}

/**
 * Pulls the ids out of each job and runs the verification use case. A final refusal becomes an
 * UnrecoverableError (no retry); anything else is retried with the job's backoff. A job whose
 * worker dies keeps no lock, so another worker takes it over after `lockDuration`.
 */
export function startVerificationWorker(
  connection: ConnectionOptions,
  prefix: string,
  verify: (job: VerificationJob, options: { finalAttempt: boolean }) => Promise<VerificationOutcome>,
  logger: Logger,
  { concurrency, lockDuration, stalledInterval }: WorkerSettings,
): Worker {
  const worker = new Worker<VerificationJob, VerificationOutcome>(
    QUEUES.paymentVerification,
    async (job) => {
      if (job.name !== VERIFY_JOB) throw new UnrecoverableError(`no handler for job ${job.name}`);
      const { sessionId, txHash, wallet } = job.data;
      const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      try {
        return await verify({ sessionId, txHash, wallet }, { finalAttempt });
      } catch (err) {
        if (err instanceof VerificationProblem && !err.retryable) throw new UnrecoverableError(`${err.reason}: ${err.message}`);
        throw err;
      }
    },
    { connection, prefix, concurrency, lockDuration, stalledInterval },
  );
  worker.on('completed', (job) => logger.info({ jobId: job.id, attempts: job.attemptsMade }, 'payment verified'));
  worker.on('failed', (job, err) => logger.info({ jobId: job?.id, attempt: job?.attemptsMade, reason: err.message }, 'payment verification attempt failed'));
  worker.on('error', (err) => logger.warn({ err: err.message }, 'verification worker error'));
  return worker;
}
