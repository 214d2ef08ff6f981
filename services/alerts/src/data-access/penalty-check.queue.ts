import type { Producer, QueueDefaults } from '@shm/platform/jobs';
import type { PenaltyCheckQueue } from '../domain/ports';

/** Finished checks are kept a week, so the same incident handled again meanwhile (a redelivered event) schedules nothing. */
const KEEP = { age: 7 * 24 * 3600 };

/** A check that fails on our side (MongoDB, the dashboard's watchers route) is retried 3 times, from 5 s; the network service being away is not a failure (the next check comes on the schedule). */
export const penaltyCheckQueueDefaults: QueueDefaults = { attempts: 3, backoffMs: 5_000, keepCompleted: KEEP, keepFailed: KEEP };

/** `penalty-check_<change id>_<step>`, ':' spelled '_' (BullMQ refuses ':' in custom ids): one job per incident and step. */
export const penaltyCheckJobId = (incidentId: string, step: number) => `penalty-check_${incidentId.replaceAll(':', '_')}_${step}`;

/** The producer side of the penalty checks: a delayed job per incident and step. */
export function penaltyCheckQueue(jobs: Producer): PenaltyCheckQueue {
  return {
    async schedule(check, delayMs) {
      await jobs.enqueue('alertPenaltyCheck', 'checkPenalty', check, { jobId: penaltyCheckJobId(check.incident.id, check.step), delayMs });
    },
  };
}
