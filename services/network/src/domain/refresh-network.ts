import type { NetworkRefreshReply } from '@shm/contracts';
import type { SnapshotStore } from './ports';
import type { RefreshPolls, RefreshSchedule } from './refresh-ports';

export interface RefreshNetworkDeps {
  /** Which refresh poll is next, shared by every replica. */
  schedule: RefreshSchedule;
  polls: RefreshPolls;
  snapshots: SnapshotStore;
  /** Refresh polls are due at least this far apart. */
  debounceMs: number;
  /** How long a call waits for its poll. */
  waitMs: number;
  now?: () => number;
}

/** A poll found started is given up at most twice (another caller may name one that starts at once). */
const TRIES = 3;

/**
 * A refresh asked for by a visitor (docs/network-data.md, "Refresh and debouncing"): the answer
 * comes from a poll that started after the call arrived, or says it does not (`refreshed: false`,
 * the current snapshot). Every call waits for the refresh poll that has not started yet, shared by
 * all callers of every replica; a poll already running may have read the network before this call
 * came, so it is not this call's. Refresh polls are due `debounceMs` apart: a call whose poll could
 * not start within its wait is answered at once. No outside system is called from here.
 */
export async function refreshNetwork(deps: RefreshNetworkDeps): Promise<NetworkRefreshReply> {
  const now = deps.now ?? (() => performance.now());
  const until = now() + deps.waitMs;
  for (let tries = 0; tries < TRIES && until > now(); tries++) {
    const next = await deps.schedule.next(deps.debounceMs, until - now());
    if (!next) break;
    const waiting = await deps.polls.queue(next.id, next.delayMs);
    if (!waiting && !next.opened) {
      await deps.schedule.started(next.id);
      continue;
    }
    const data = await deps.polls.result(next.id, until - now());
    if (data) return { refreshed: true, data };
    break;
  }
  return { refreshed: false, data: await deps.snapshots.get() };
}
