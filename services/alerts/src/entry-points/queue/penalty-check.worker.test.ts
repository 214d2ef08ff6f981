import { JOBS, checkWorkerJobs, type NodeChange } from '@shm/contracts';
import { testLogger } from '@shm/platform/testing';
import type { PenaltyCheck } from '../../domain/notify-penalty';
import { penaltyCheckJobs } from './penalty-check.worker';

const incident: NodeChange = { id: `80:${'ab'.repeat(32)}:refuted`, publicKey: 'ab'.repeat(32), kind: 'refuted', from: 'active', to: 'active', cycle: 80, at: '2026-03-01T10:00:00.000Z' };
const context = { id: 'job', attempt: 3, finalAttempt: true, log: testLogger('alerts') };

function handler(check: (given: PenaltyCheck) => Promise<never>) {
  const nexts: PenaltyCheck[] = [];
  const [checkPenalty] = penaltyCheckJobs({ check, next: async (given) => (nexts.push(given), given.step + 1) });
  if (!checkPenalty) throw new Error('no check-penalty handler');
  return { checkPenalty, nexts };
}

describe('the penalty-check jobs', () => {
  it('when their handlers are checked against the job registry, then they pass (the worker starts)', () => {
    const { checkPenalty } = handler(() => Promise.reject(new Error('unused')));
    expect(() => checkWorkerJobs('alertPenaltyCheck', [JOBS.alertPenaltyCheck[checkPenalty.job]])).not.toThrow();
  });

  it('when a check fails on our side for good (MongoDB away on every attempt), then the error is the job\'s and the schedule goes on with the next check', async () => {
    const { checkPenalty, nexts } = handler(() => Promise.reject(new Error('mongo went away')));
    await expect(checkPenalty.run({ incident, step: 1 }, context)).rejects.toThrow('mongo went away');
    await checkPenalty.failed?.({ incident, step: 1 }, 'mongo went away');
    expect(nexts).toEqual([{ incident, step: 1 }]);
  });
});
