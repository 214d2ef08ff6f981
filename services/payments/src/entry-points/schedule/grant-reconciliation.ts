import type { Logger, Redis } from '@shm/platform';

/**
 * Runs `reconcile` every `intervalMs`; a Redis key taken with NX for one interval makes each round
 * run on one replica only. Returns a stop function.
 */
export function scheduleGrantReconciliation(
  redis: Redis,
  key: string,
  intervalMs: number,
  reconcile: () => Promise<{ checked: number; withdrawn: number }>,
  logger: Logger,
): () => void {
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      if ((await redis.set(key, '1', 'PX', intervalMs, 'NX')) !== 'OK') return;
      const { checked, withdrawn } = await reconcile();
      if (withdrawn) logger.warn({ checked, withdrawn }, 'grants withdrawn: their transactions left the canonical chain');
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
