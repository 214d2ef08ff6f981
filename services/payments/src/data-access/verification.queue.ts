import type { Producer } from '@shm/platform/jobs';
import type { VerificationJob, VerificationQueue } from '../domain/ports';

/**
 * One job per (transaction, wallet): the same claim repeated is the same job, while a claim of the
 * same hash by another wallet cannot hide behind it (its own job refuses it; the payments unique
 * index is the final guard). Hex and '-' only: job ids may not contain ':' nor be all digits.
 */
export const jobIdOf = (job: VerificationJob) => `${job.txHash}-${job.wallet}`;

/** The verification queue as the use cases see it, on the job runtime's producer. */
export function verificationQueue(jobs: Producer): VerificationQueue {
  return {
    async enqueue(job) {
      // A finished job of the same claim is replaced, so asking again checks again.
      await jobs.enqueue('paymentVerification', 'verifyPayment', job, { jobId: jobIdOf(job), again: true });
    },
    isQueued: (job) => jobs.isPending('paymentVerification', jobIdOf(job)),
  };
}
