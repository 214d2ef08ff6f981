import { UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { JOBS, QUEUES, checkWorkerJobs, type JobName } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import type { VerificationJob } from '../../domain/ports';
import { VerificationProblem } from '../../domain/refusals';
import type { VerificationOutcome } from '../../domain/verify-transaction';

export interface WorkerSettings {
  concurrency: number;
  lockDuration: number;
  stalledInterval: number;
}

type Verify = (job: VerificationJob, options: { finalAttempt: boolean }) => Promise<VerificationOutcome>;

/**
 * The worker's handlers by job name (the registry's for its queue): pulls the ids out of the job and
 * runs the verification use case. A final refusal becomes an UnrecoverableError (no retry); anything
 * else is retried with the job's backoff.
 */
export function verificationJobs(verify: Verify): Record<JobName<'paymentVerification'>, (job: Job<VerificationJob>) => Promise<VerificationOutcome>> {
  return {
    [JOBS.paymentVerification.verifyPayment]: async (job) => {
      const { sessionId, txHash, wallet } = job.data;
      const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      try {
        return await verify({ sessionId, txHash, wallet }, { finalAttempt });
      } catch (err) {
        if (err instanceof VerificationProblem && !err.retryable) throw new UnrecoverableError(`${err.reason}: ${err.message}`);
        throw err;
      }
    },
  };
}

/**
 * Runs the verification jobs, refusing to start unless it handles exactly the registry's jobs. A job
 * whose worker dies keeps no lock, so another worker takes it over after `lockDuration`.
 */
export function startVerificationWorker(
  connection: ConnectionOptions,
  prefix: string,
  verify: Verify,
  logger: Logger,
  { concurrency, lockDuration, stalledInterval }: WorkerSettings,
): Worker {
  const jobs = verificationJobs(verify);
  checkWorkerJobs('paymentVerification', Object.keys(jobs));
  const worker = new Worker<VerificationJob, VerificationOutcome>(
    QUEUES.paymentVerification,
    async (job) => {
      if (!Object.hasOwn(jobs, job.name)) throw new UnrecoverableError(`no handler for job ${job.name}`);
      return jobs[job.name as JobName<'paymentVerification'>](job);
    },
    { connection, prefix, concurrency, lockDuration, stalledInterval },
  );
  worker.on('completed', (job) => logger.info({ jobId: job.id, attempts: job.attemptsMade }, 'payment verified'));
  worker.on('failed', (job, err) => logger.info({ jobId: job?.id, attempt: job?.attemptsMade, reason: err.message }, 'payment verification attempt failed'));
  worker.on('error', (err) => logger.warn({ err: err.message }, 'verification worker error'));
  return worker;
}
