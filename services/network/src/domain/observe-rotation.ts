import type { RotationStats } from '@shm/contracts';
import type { CycleHistoryStore } from './ports';
import { rotationStats } from './rotation-stats';

const unique = (items: string[]) => [...new Set(items)];

/**
 * The rotation figures over the last `windowCycles` cycles kept, with the flags and node ids the
 * history remembers (rotation-stats.ts holds the formulas).
 */
export async function observeRotation(
  history: CycleHistoryStore,
  window: { oldest: number; newest: number },
  windowCycles: number,
  now: { activeSlots: number; standbyNodes: number },
): Promise<RotationStats | undefined> {
  const cycles = await history.cyclesSince(Math.max(window.oldest, window.newest - windowCycles + 1));
  const flags = await history.flagsOf(unique(cycles.flatMap((c) => c.activated)));
  const keys = await history.publicKeysOfIds(unique(cycles.flatMap((c) => c.leftIds)));
  return rotationStats({
    cycles,
    foundationOf: (publicKey) => flags.get(publicKey),
    keyOfId: (id) => keys.get(id),
    activeSlots: now.activeSlots,
    standby: now.standbyNodes,
  });
}
