import type { ActivePeriod, NodeStatus } from '@shm/contracts';
import type { RateSegment, StoredPeriod, TrackedNode, TrackerState } from '../ports';
import { nodeWindow } from './node-tallies';

const DAY_MS = 86_400_000;
/** Earned figures are given to the micro-SHM: finer is noise, and the sum of rounded parts stays tidy. */
const round = (shm: number) => Math.round(shm * 1e6) / 1e6;

/**
 * SHM the network's rules pay for `[start, end)` (ms): the integral of rewardPerHour / 3600 per
 * second over the rate segments. Before the first segment its rate counts (the earliest known);
 * without any segment nothing is known and nothing is counted.
 */
export function earnedBetween(startMs: number, endMs: number, rates: readonly RateSegment[]): number {
  let shm = 0;
  for (const [i, rate] of rates.entries()) {
    const next = rates[i + 1];
    const from = i === 0 ? Number.NEGATIVE_INFINITY : Date.parse(rate.from);
    const until = next ? Date.parse(next.from) : Number.POSITIVE_INFINITY;
    const seconds = Math.max(0, Math.min(endMs, until) - Math.max(startMs, from)) / 1000;
    shm += (seconds * rate.rewardPerHour) / 3600;
  }
  return shm;
}

/** A stored period as the contract gives it, earned up to `now` while it is open. */
export function activePeriod(period: StoredPeriod, rates: readonly RateSegment[], now: Date): ActivePeriod {
  const end = period.end === null ? now.getTime() : Date.parse(period.end);
  return { start: period.start, end: period.end, earnedSHM: round(earnedBetween(Date.parse(period.start), end, rates)) };
}

/** Periods worth keeping: the open one and those that ended within the retention. */
export const keptPeriods = (periods: readonly StoredPeriod[], retentionDays: number, now: Date) => {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  return periods.filter((p) => p.end === null || p.end >= cutoff);
};

/** The rate segments still needed: the one in force at the cutoff and every later one. */
export function keptRates(rates: readonly RateSegment[], retentionDays: number, now: Date): RateSegment[] {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  // The segment before the first later than the cutoff (the first is kept whatever its date).
  const later = rates.findIndex((rate, i) => i > 0 && rate.from > cutoff);
  return rates.slice(later === -1 ? Math.max(0, rates.length - 1) : later - 1);
}

/** What the lookup answers for a key: the stored node with its periods (newest first) and earnings, or `unknown`. */
export function nodeStatus(
  publicKey: string,
  node: TrackedNode | undefined,
  rates: readonly RateSegment[],
  retentionDays: number,
  now: Date,
  tracker: Pick<TrackerState, 'selection' | 'cycleSeconds' | 'lastCycleAt'> | null = null,
): NodeStatus {
  if (!node) return { publicKey, state: 'unknown', since: null, firstSeen: null, lastChange: null, activePeriods: [], earnedSHM: 0 };
  const activePeriods = keptPeriods(node.periods, retentionDays, now)
    .map((p) => activePeriod(p, rates, now))
    .reverse();
  return {
    publicKey,
    state: node.state,
    since: node.since,
    firstSeen: node.firstSeen,
    lastChange: node.lastChange,
    activePeriods,
    earnedSHM: round(activePeriods.reduce((sum, p) => sum + p.earnedSHM, 0)),
    windows: { days7: nodeWindow(node, tracker, 7, now), days30: nodeWindow(node, tracker, 30, now) },
  };
}
