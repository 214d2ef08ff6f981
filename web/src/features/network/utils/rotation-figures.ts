import type { RotationStats } from '@shm/contracts';
import { formatHours } from '../../../lib/live-figures';

export interface RotationFigures {
  waitP10: string;
  waitP50: string;
  waitP90: string;
  activePeriod: string;
  activeShare: string;
  activationsPerCycle: string;
  basis: string;
}

const DASH = '—';

/** The rotation card's texts: waits and the active period in hours (days past two), the share in percent. */
export function rotationFigures(rotation: RotationStats): RotationFigures {
  const wait = rotation.waitToActive;
  const days = (rotation.cyclesObserved * rotation.cycleSeconds) / 86_400;
  const cycles = rotation.cyclesObserved.toLocaleString('en-US');
  return {
    waitP10: wait ? formatHours(wait.p10Hours) : DASH,
    waitP50: wait ? formatHours(wait.p50Hours) : DASH,
    waitP90: wait ? formatHours(wait.p90Hours) : DASH,
    activePeriod: formatHours(rotation.activePeriod.hours),
    activeShare: rotation.activeShare === null ? DASH : `${(rotation.activeShare * 100).toFixed(1)}%`,
    activationsPerCycle: rotation.activationsPerCycle.toFixed(3),
    basis: `based on ${cycles} ${rotation.cyclesObserved === 1 ? 'cycle' : 'cycles'} (≈ ${days.toFixed(1)} days) of history`,
  };
}
