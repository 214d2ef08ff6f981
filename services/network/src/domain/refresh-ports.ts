import type { NetworkData } from '@shm/contracts';

/** The refresh poll a call is to wait for. */
export interface NextRefreshPoll {
  id: string;
  /** How long until it may start (0: at once). */
  delayMs: number;
  /** This call named it: it was queued after the call arrived, whether it has started by now or not. */
  opened: boolean;
}

/** Which refresh poll is next, one for every replica (Redis). */
export interface RefreshSchedule {
  /**
   * The refresh poll named next and not known to have started; when there is none, a new one due
   * at once but no sooner than `spacingMs` after the last one named was due. Null when that new one
   * would be due `withinMs` from now or later (nothing is named then).
   */
  next(spacingMs: number, withinMs: number): Promise<NextRefreshPoll | null>;
  /** Poll `id` was found started: it is next no more (a poll named after it stays next). */
  started(id: string): Promise<void>;
}

/** The refresh polls as jobs on the network-polling queue, run by any replica's worker. */
export interface RefreshPolls {
  /**
   * Queues poll `id` to start in `delayMs` unless it is queued already, and tells whether it is
   * still waiting to start (false once a worker has taken it, or it is done).
   */
  queue(id: string, delayMs: number): Promise<boolean>;
  /** The snapshot poll `id` made; undefined when it failed or did not finish within `waitMs`. */
  result(id: string, waitMs: number): Promise<NetworkData | undefined>;
}
