import { failedAttemptOutcome } from './verification.metrics';

const job = (attemptsMade: number, attempts?: number) => ({ attemptsMade, opts: attempts === undefined ? {} : { attempts } });
const unrecoverable = Object.assign(new Error('wrong recipient'), { name: 'UnrecoverableError' });
const transient = new Error('transaction not found yet');

describe('what a failed verification attempt counts as', () => {
  it.each([
    // BullMQ has already counted the attempt when it reports the failure.
    ['the first of 10 attempts failed', job(1, 10), transient, 'retried'],
    ['the 9th of 10 attempts failed', job(9, 10), transient, 'retried'],
    ['the 10th of 10 attempts failed', job(10, 10), transient, 'failed'],
    ['a job without retries failed', job(1), transient, 'failed'],
    ['the payment was refused on the first attempt', job(1, 10), unrecoverable, 'failed'],
    ['the job is unknown', undefined, transient, 'failed'],
  ] as const)('when %s, then it is %s', (_case, attempt, err, outcome) => {
    expect(failedAttemptOutcome(attempt, err)).toBe(outcome);
  });
});
