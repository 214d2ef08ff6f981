import { geometricQuantile, type LiveDefaultsReply, type RotationStats } from '@shm/contracts';
import type { FormulaValue, FormulaValues } from './formula';

/** What the rotation formulas are shown with: the live network's figures, or the doc's example. */
export interface RotationFigures {
  stats: RotationStats;
  activeSlots: number;
  standby: number;
}


/**
 * The doc's example, "the stand-in's sample network": 412 standby, 22 slots, 240-cycle periods of
 * 60 s, a 2-cycle sync. Its results follow from those by the doc's own formulas, so the page shows
 * the same figures the doc works out by hand (7.92 / 51.95 / 172.50 hours, a share of 0.05067).
 */
function exampleFigures(): RotationFigures {
  const [standby, activeSlots, periodCycles, syncDelay, cycleSeconds] = [412, 22, 240, 2, 60];
  const activationsPerCycle = activeSlots / periodCycles;
  const p = activationsPerCycle / standby;
  const hours = (q: number) => ((geometricQuantile(p, q) + syncDelay) * cycleSeconds) / 3600;
  return {
    stats: {
      cyclesObserved: 10_000,
      cycleSeconds,
      activationsPerCycle,
      removalsPerCycle: activationsPerCycle,
      standbyAddsPerCycle: activationsPerCycle,
      activePeriod: { hours: (periodCycles * cycleSeconds) / 3600, method: 'observed', observed: 100 },
      waitToActive: { p10Hours: hours(0.1), p50Hours: hours(0.5), p90Hours: hours(0.9) },
      activeShare: periodCycles / (periodCycles + 1 / p + syncDelay),
    },
    activeSlots,
    standby,
  };
}

export const ROTATION_EXAMPLE: RotationFigures = exampleFigures();

/** The live figures when the calculator's live defaults carry a rotation, else the example. */
export function rotationFigures(live: Pick<LiveDefaultsReply, 'defaults' | 'rotation'> | undefined): RotationFigures {
  if (!live?.rotation || !live.defaults) return ROTATION_EXAMPLE;
  return { stats: live.rotation, activeSlots: live.defaults.activeCommunityNodes, standby: live.defaults.standbyNodes };
}

/**
 * The names the rotation formulas use. The reply does not carry p, L, W or the sync delay, so they
 * are restated from it: p and L from their definitions, the sync delay as what the median wait
 * holds beyond the pick's own median. Without a wait (no activation seen, or empty standby) p, W and
 * the sync delay have no value and their formulas show the names.
 */
export function rotationValues({ stats, activeSlots, standby }: RotationFigures): FormulaValues {
  const cyclesPerHour = 3600 / stats.cycleSeconds;
  const values: Record<string, FormulaValue> = {
    activationsPerCycle: stats.activationsPerCycle,
    removalsPerCycle: stats.removalsPerCycle,
    standbyAddsPerCycle: stats.standbyAddsPerCycle,
    cycleSeconds: stats.cycleSeconds,
    activeSlots,
    standby,
    L: stats.activePeriod.hours * cyclesPerHour,
    'activePeriod.hours': stats.activePeriod.hours,
    activeShare: stats.activeShare,
  };
  if (stats.waitToActive && standby > 0 && stats.activationsPerCycle > 0) {
    const p = Math.min(1, stats.activationsPerCycle / standby);
    const syncDelay = Math.max(0, stats.waitToActive.p50Hours * cyclesPerHour - geometricQuantile(p, 0.5));
    Object.assign(values, {
      p,
      // A median of whole cycles (or halves): rounding drops the crumb the subtraction leaves.
      syncDelay: Math.round(syncDelay * 1e6) / 1e6,
      W: 1 / p + syncDelay,
      'waitToActive.p10Hours': stats.waitToActive.p10Hours,
      'waitToActive.p50Hours': stats.waitToActive.p50Hours,
      'waitToActive.p90Hours': stats.waitToActive.p90Hours,
    });
  }
  return values;
}
