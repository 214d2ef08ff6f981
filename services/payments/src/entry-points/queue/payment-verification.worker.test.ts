import { UnrecoverableError } from '@shm/platform/jobs';
import { testLogger } from '@shm/platform/testing';
import type { VerificationJob } from '../../domain/ports';
import { VerificationProblem } from '../../domain/refusals';
import { verifyPaymentJob } from './payment-verification.worker';

const claim: VerificationJob = { sessionId: 'session-1', txHash: `0x${'ab'.repeat(32)}`, wallet: `0x${'cd'.repeat(20)}` };
const context = (finalAttempt: boolean) => ({ id: 'job-1', attempt: finalAttempt ? 3 : 1, finalAttempt, log: testLogger() });

describe('the verify-payment job', () => {
  it('when it runs, then the use case gets the claim and whether this is the last attempt', async () => {
    const calls: unknown[] = [];
    const handler = verifyPaymentJob(async (seen, options) => {
      calls.push([seen, options]);
      return { confirmed: false, reason: 'nothing to do' };
    });
    await handler.run(claim, context(true));
    expect(calls).toEqual([[claim, { finalAttempt: true }]]);
  });

  it('when the payment is refused for good, then the job fails without retry; when it is not found yet, then it is retried', async () => {
    const refusing = (problem: VerificationProblem) => verifyPaymentJob(() => Promise.reject(problem)).run(claim, context(false));
    await expect(refusing(new VerificationProblem('WRONG_RECIPIENT', 'wrong recipient'))).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(refusing(new VerificationProblem('TX_NOT_FOUND', 'not found yet'))).rejects.toBeInstanceOf(VerificationProblem);
  });
});
