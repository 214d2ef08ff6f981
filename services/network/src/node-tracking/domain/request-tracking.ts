import type { Logger } from '@shm/platform';
import type { TrackingTrigger } from '../ports';
import type { CycleHistoryStore } from '../../domain/ports';

/**
 * After a poll: one tracking run for the newest stored cycle. Asked by every poll, started once per
 * cycle (the trigger dedupes), so a poll that stored nothing new starts nothing. A failure here
 * never fails the poll; the next poll asks again.
 */
export async function requestTracking(history: CycleHistoryStore, trigger: TrackingTrigger, logger: Logger): Promise<void> {
  try {
    const window = await history.window();
    if (window) await trigger.track(window.newest);
  } catch (err) {
    logger.warn({ reason: err instanceof Error ? err.message : String(err) }, 'node tracking not requested after this poll');
  }
}
