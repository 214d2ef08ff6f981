import { geometricQuantile, type RotationStats } from '@shm/contracts';
import type { CycleRecord } from './ports';

export interface RotationInput {
  /** The window, oldest first (contiguous counters; gaps possible but rare). */
  cycles: CycleRecord[];
  /** Remembered foundation flag of a public key (undefined: unknown). */
  foundationOf: (publicKey: string) => boolean | undefined;
  /** The public key of a node id, from the join records. */
  keyOfId: (id: string) => string | undefined;
  /** Community active slots and standby nodes now (the snapshot's). */
  activeSlots: number;
  standby: number;
}

/** Fewer cycles than this say too little about rates that are a fraction of a node per cycle. */
export const MIN_ROTATION_CYCLES = 10;

/** Completed active periods needed before their median is trusted over Little's law. */
const MIN_OBSERVED_PERIODS = 3;

const QUANTILES = [0.1, 0.5, 0.9] as const;

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * What a community node can expect of rotation, from the cycle history (docs/methodology.md, "When
 * will my node be active?"); undefined while the window is too short to say.
 */
export function rotationStats(input: RotationInput): RotationStats | undefined {
  const { cycles } = input;
  if (cycles.length < MIN_ROTATION_CYCLES) return undefined;
  const n = cycles.length;
  const cycleSeconds = median(cycles.map((cycle) => cycle.duration)) as number;
  const cyclesToHours = (count: number) => (count * cycleSeconds) / 3600;
  const seen = tallyWindow(input);

  const activationsPerCycle = seen.communityActivations / n;
  let periodCycles: number | undefined;
  let method: RotationStats['activePeriod']['method'] = 'steady-state';
  const observedMedian = median(seen.periods);
  if (seen.periods.length >= MIN_OBSERVED_PERIODS && observedMedian !== undefined) {
    periodCycles = observedMedian;
    method = 'observed';
  } else if (activationsPerCycle > 0) {
    // Little's law: the active community slots hold activationsPerCycle × period nodes on average.
    periodCycles = input.activeSlots / activationsPerCycle;
  }

  // Every standby node is equally likely to be picked, so one is picked with p per cycle; with
  // nobody activated, or nobody in standby, p does not exist and neither does a wait.
  const p = input.standby > 0 && activationsPerCycle > 0 ? Math.min(1, activationsPerCycle / input.standby) : undefined;
  const syncDelay = median(seen.syncDelays) ?? 0;
  let waitToActive: RotationStats['waitToActive'] = null;
  if (p !== undefined) {
    const [p10, p50, p90] = QUANTILES.map((q) => cyclesToHours(geometricQuantile(p, q) + syncDelay)) as [number, number, number];
    waitToActive = { p10Hours: p10, p50Hours: p50, p90Hours: p90 };
  }
  const meanWait = p === undefined ? undefined : 1 / p + syncDelay;

  return {
    cyclesObserved: n,
    cycleSeconds,
    activationsPerCycle,
    removalsPerCycle: seen.removals / n,
    standbyAddsPerCycle: seen.standbyAdds / n,
    // With no community activation seen the period is not estimated: 0 hours and observed 0 say so,
    // and the wait and share that would rest on it are null.
    activePeriod: { hours: periodCycles === undefined ? 0 : cyclesToHours(periodCycles), method, observed: seen.periods.length },
    waitToActive,
    activeShare: meanWait === undefined || periodCycles === undefined ? null : periodCycles / (periodCycles + meanWait),
  };
}

interface ObservedRotation {
  communityActivations: number;
  removals: number;
  standbyAdds: number;
  /** Cycles from a community activation to the same node's leaving, for each seen in the window. */
  periods: number[];
  /** Cycles from a node's join record (selected from standby) to its activation. */
  syncDelays: number[];
}

function tallyWindow({ cycles, foundationOf, keyOfId }: RotationInput): ObservedRotation {
  const seen: ObservedRotation = { communityActivations: 0, removals: 0, standbyAdds: 0, periods: [], syncDelays: [] };
  const joinedAt = new Map<string, number>();
  const flagAtJoin = new Map<string, boolean>();
  const activeSince = new Map<string, number>();
  for (const cycle of cycles) {
    seen.removals += cycle.leftIds.length;
    seen.standbyAdds += cycle.standbyAdded.length;
    // Leaves first: a node that leaves in the cycle it is activated again ends its earlier period.
    for (const id of cycle.leftIds) {
      // A node id that no join record names cannot be matched to an activation: it is counted as a removal only.
      const key = keyOfId(id);
      const since = key === undefined ? undefined : activeSince.get(key);
      if (key === undefined || since === undefined) continue;
      seen.periods.push(cycle.counter - since);
      activeSince.delete(key);
    }
    for (const node of cycle.joined) {
      joinedAt.set(node.publicKey, cycle.counter);
      if (node.foundation !== undefined) flagAtJoin.set(node.publicKey, node.foundation);
    }
    for (const key of cycle.activated) {
      // Syncing takes as long whatever the flag, so foundation nodes' delays count too.
      const joined = joinedAt.get(key);
      if (joined !== undefined) {
        seen.syncDelays.push(cycle.counter - joined);
        joinedAt.delete(key);
      }
      // An unknown flag counts as community: every join inside the window carries its flag, so a key
      // is unknown only when its join preceded the window (its activation falls within a sync delay
      // of the window's start) or the archiver dropped the flag; leaving those out would bias the
      // rate low at the start of every window, while counting them errs by at most those few.
      if ((foundationOf(key) ?? flagAtJoin.get(key)) === true) continue;
      seen.communityActivations += 1;
      activeSince.set(key, cycle.counter);
    }
  }
  return seen;
}
