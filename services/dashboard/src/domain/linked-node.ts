import type { ActivePeriod, LinkedNode, NodeStatus, RotationStats } from '@shm/contracts';

const SECONDS_PER_DAY = 86_400;

/** The first instant of the calendar month (UTC) that `now` falls in. */
export const monthStartUtc = (now: Date): number => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);

/** A linked entry counts from the later of its entryDate (midnight UTC) and the tracker's first sighting. */
export function countingFrom(entryDate: string, status: NodeStatus): number {
  const entryStart = Date.parse(`${entryDate}T00:00:00Z`);
  return status.firstSeen === null ? entryStart : Math.max(entryStart, Date.parse(status.firstSeen));
}

/**
 * The part of a period's earned SHM that falls at or after `from`: the lookup gives one figure per
 * whole period, so a period that straddles `from` is prorated by its seconds on each side. That is
 * exact when the reward rate did not change within the period; when it did, the period's SHM is
 * spread evenly over it. An open period runs until `now`.
 */
export function earnedSince(period: ActivePeriod, from: number, now: number): number {
  const start = Date.parse(period.start);
  if (start >= from) return period.earnedSHM;
  const end = period.end === null ? now : Date.parse(period.end);
  return end > from ? (period.earnedSHM * (end - from)) / (end - start) : 0;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Half and nine tenths of nodes joining standby now are first selected within these many days (rotation, hours → days). */
function standbyWaitOf(waitedSeconds: number, rotation: RotationStats | undefined): NonNullable<LinkedNode['standbyWait']> {
  const wait = rotation?.waitToActive ?? null;
  return { waitedDays: waitedSeconds / SECONDS_PER_DAY, p50Days: wait ? wait.p50Hours / 24 : null, p90Days: wait ? wait.p90Hours / 24 : null };
}

/** A linked entry whose node's status could not be asked for. */
export const UNAVAILABLE_NODE: LinkedNode = {
  status: null,
  timeInStateSeconds: null,
  activePeriodsThisMonth: 0,
  earnedThisMonthSHM: 0,
  earnedSHM: 0,
  standbyWait: null,
};

/**
 * What the portfolio shows of a linked node at `now` (docs/dashboard.md, "Linked nodes"): time in
 * its state, the active periods and earned SHM of the current UTC calendar month, the SHM earned
 * since the entry counts (countingFrom), and for a node in standby how long it has waited against
 * the network's wait-to-active figures. Periods older than the tracker keeps are not in the lookup,
 * so earnedSHM covers at most that retention.
 */
export function linkedNodeOf(status: NodeStatus | null, entryDate: string, rotation: RotationStats | undefined, now: Date): LinkedNode {
  if (!status) return UNAVAILABLE_NODE;
  const at = now.getTime();
  const monthStart = monthStartUtc(now);
  const from = countingFrom(entryDate, status);
  const timeInStateSeconds = status.since === null ? null : Math.max(0, (at - Date.parse(status.since)) / 1000);
  return {
    status,
    timeInStateSeconds,
    activePeriodsThisMonth: status.activePeriods.filter((p) => p.end === null || Date.parse(p.end) > monthStart).length,
    earnedThisMonthSHM: sum(status.activePeriods.map((p) => earnedSince(p, monthStart, at))),
    earnedSHM: sum(status.activePeriods.map((p) => earnedSince(p, from, at))),
    standbyWait: status.state === 'standby' && timeInStateSeconds !== null ? standbyWaitOf(timeInStateSeconds, rotation) : null,
  };
}
