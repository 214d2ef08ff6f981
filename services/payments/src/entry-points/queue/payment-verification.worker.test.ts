import { UnrecoverableError, type Job } from 'bullmq';
import { JOBS, checkWorkerJobs } from '@shm/contracts';
import type { VerificationJob } from '../../domain/ports';
import { VerificationProblem } from '../../domain/refusals';
import { verificationJobs } from './payment-verification.worker';

const claim: VerificationJob = { sessionId: 'session-1', txHash: `0x${'ab'.repeat(32)}`, wallet: `0x${'cd'.repeat(20)}` };
const job = (attemptsMade: number) => ({ name: JOBS.paymentVerification.verifyPayment, data: claim, attemptsMade, opts: { attempts: 3 } }) as unknown as Job<VerificationJob>;

describe('the payment-verification worker', () => {
  it('when its handlers are checked against the job registry, then they pass (the worker starts)', () => {
    const jobs = verificationJobs(async () => ({ confirmed: false, reason: 'nothing to do' }));
    expect(() => checkWorkerJobs('paymentVerification', Object.keys(jobs))).not.toThrow();
  });

  it('when a verify job runs, then the use case gets the claim and whether this is the last attempt', async () => {
    const calls: unknown[] = [];
    const jobs = verificationJobs(async (seen, options) => {
      calls.push([seen, options]);
      return { confirmed: false, reason: 'nothing to do' };
    });
    await jobs[JOBS.paymentVerification.verifyPayment](job(2));
    expect(calls).toEqual([[claim, { finalAttempt: true }]]);
  });

  it('when the payment is refused for good, then the job fails without retry; when it is not found yet, then it is retried', async () => {
    const refusing = (problem: VerificationProblem) => verificationJobs(() => Promise.reject(problem))[JOBS.paymentVerification.verifyPayment];
    await expect(refusing(new VerificationProblem('WRONG_RECIPIENT', 'wrong recipient'))(job(0))).rejects.toBeInstanceOf(UnrecoverableError);
    const transient = refusing(new VerificationProblem('TX_NOT_FOUND', 'not found yet'))(job(0));
    await expect(transient).rejects.toBeInstanceOf(VerificationProblem);
  });
});
