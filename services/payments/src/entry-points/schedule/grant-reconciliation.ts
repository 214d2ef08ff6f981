import type { Logger } from '@shm/platform';
import type { Redis } from '@shm/platform/redis';

/**
 * Runs `reconcile` every `intervalMs`; a Redis key taken with NX for one interval makes each round
 * run on one replica only. Returns a stop function.
 */
export function scheduleGrantReconciliation(
  redis: Redis,
  key: string,
  intervalMs: number,
  reconcile: () => Promise<{ checked: number; withdrawn: number; absent: number }>,
  logger: Logger,
): () => void {
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      if ((await redis.set(key, '1', 'PX', intervalMs, 'NX')) !== 'OK') return;
      const { checked, withdrawn, absent } = await reconcile();
      if (withdrawn) logger.warn({ checked, withdrawn }, 'grants withdrawn: their transactions left the canonical chain');
      if (absent) logger.info({ checked, absent }, 'transactions of paid grants not found; the grants are withdrawn if a later read still misses them');
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'grant reconciliation failed; next round retries');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void round(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
