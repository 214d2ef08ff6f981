import type { LiveDefaultsReply, RotationStats } from '@shm/contracts';
import { calculatorSplitNote, formatAge, formatHours, liveSourcePhrase } from '../../../lib/live-figures';

/** 'Live from the Shardeum archivers, 2 min ago' and, for an estimated split, what the estimate is. */
export function liveSourceLines(reply: LiveDefaultsReply, now: number): { source: string; split: string | null } {
  const counts = reply.provenance?.counts;
  const at = counts?.at ?? reply.lastUpdated;
  const phrase = liveSourcePhrase(counts?.origin);
  return {
    source: at ? `${phrase}, ${formatAge(at, now)}` : phrase,
    split: reply.communitySplit ? calculatorSplitNote(reply.communitySplit) : null,
  };
}

/** What rotation means for a new node, in two sentences; parts the history does not show yet are left out. */
export function activationText(rotation: RotationStats): string {
  const wait = rotation.waitToActive;
  const first = wait
    ? `Half of new standby nodes are active within ${formatHours(wait.p50Hours)}; 9 in 10 within ${formatHours(wait.p90Hours)}.`
    : 'No new standby node has been seen becoming active in the kept history yet.';
  const share = rotation.activeShare === null ? '' : `; a node is active ${(rotation.activeShare * 100).toFixed(1)}% of the time`;
  return `${first} One active period lasts about ${formatHours(rotation.activePeriod.hours)}${share}.`;
}
