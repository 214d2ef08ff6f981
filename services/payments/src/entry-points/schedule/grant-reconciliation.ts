import { jobHandler } from '@shm/platform/jobs';

type Reconcile = () => Promise<{ checked: number; withdrawn: number; absent: number }>;

/**
 * One round of the reorg guard. A job scheduler adds a round every RECONCILE_INTERVAL_MS, shared by
 * every worker replica, so each round runs once; a failed round is not retried (the next one is).
 */
export const reconcileGrantsJob = (reconcile: Reconcile) =>
  jobHandler({
    queue: 'paymentReconciliation',
    job: 'reconcileGrants',
    run: async (_payload, { log }) => {
      const { checked, withdrawn, absent } = await reconcile();
      if (withdrawn) log.warn({ checked, withdrawn }, 'grants withdrawn: their transactions left the canonical chain');
      if (absent) log.info({ checked, absent }, 'transactions of paid grants not found; the grants are withdrawn if a later read still misses them');
      return { checked, withdrawn, absent };
    },
  });
