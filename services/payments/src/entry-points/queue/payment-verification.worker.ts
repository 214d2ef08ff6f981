import { UnrecoverableError, jobHandler } from '@shm/platform/jobs';
import type { VerificationJob } from '../../domain/ports';
import { VerificationProblem } from '../../domain/refusals';
import type { VerificationOutcome } from '../../domain/verify-transaction';

type Verify = (job: VerificationJob, options: { finalAttempt: boolean }) => Promise<VerificationOutcome>;

/**
 * The verify-payment job: runs the verification use case with the claim. A final refusal becomes an
 * UnrecoverableError (no retry); anything else is retried with the queue's backoff. Every step is
 * idempotent, so a job taken over from a worker that died mid-job ends in the same single grant.
 */
export const verifyPaymentJob = (verify: Verify) =>
  jobHandler({
    queue: 'paymentVerification',
    job: 'verifyPayment',
    run: async (claim, { finalAttempt }) => {
      try {
        return await verify(claim, { finalAttempt });
      } catch (err) {
        if (err instanceof VerificationProblem && !err.retryable) throw new UnrecoverableError(`${err.reason}: ${err.message}`);
        throw err;
      }
    },
  });
