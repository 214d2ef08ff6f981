import { jobHandler } from '@shm/platform/jobs';
import type { PenaltyCheck, PenaltyCheckOutcome } from '../../domain/notify-penalty';

export interface PenaltyCheckUseCases {
  check(check: PenaltyCheck): Promise<PenaltyCheckOutcome>;
  /** Schedules the check after this one (a check that failed for good must not end the schedule). */
  next(check: PenaltyCheck): Promise<number | null>;
}

/**
 * The alertPenaltyCheck queue's job: one check of a node's penalties after an incident
 * (domain/notify-penalty.ts). A failure on our side is retried with the queue's backoff; once it has
 * failed for good, the schedule goes on with the next check.
 */
export const penaltyCheckJobs = (useCases: PenaltyCheckUseCases) => [
  jobHandler({
    queue: 'alertPenaltyCheck',
    job: 'checkPenalty',
    async run(check, { log }) {
      const outcome = await useCases.check(check);
      log.info({ publicKey: check.incident.publicKey, incident: check.incident.id, step: check.step, ...outcome }, 'penalty check done');
      return outcome;
    },
    async failed(check) {
      await useCases.next(check);
    },
  }),
];
