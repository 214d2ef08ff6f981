import type { NetworkRefreshReply } from '@shm/contracts';
import type { PollTrigger, RefreshLock, SnapshotStore } from './ports';

export interface RefreshNetworkDeps {
  lock: RefreshLock;
  trigger: PollTrigger;
  snapshots: SnapshotStore;
  debounceMs: number;
  waitMs: number;
}

/**
 * A refresh asked for by a visitor. Only the first call in a debounce window (across replicas,
 * through the shared lock) starts a poll; it waits a bounded time for it, so the caller usually
 * gets the new snapshot. No outside system is called from here: the poll runs on the worker.
 */
export async function refreshNetwork(deps: RefreshNetworkDeps): Promise<NetworkRefreshReply> {
  const refreshed = await deps.lock.tryAcquire(deps.debounceMs);
  if (refreshed) await deps.trigger.pollNow(deps.waitMs);
  return { refreshed, data: await deps.snapshots.get() };
}
