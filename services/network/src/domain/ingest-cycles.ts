import type { ArchiverEndpoint, ArchiverPort, CycleHistoryStore, CycleRecord } from './ports';

/** The archiver's `MAX_CYCLES_PER_REQUEST`: one range read covers at most this many cycles. */
export const RANGE_CYCLES = 100;

export interface IngestDeps {
  archiver: ArchiverPort;
  store: CycleHistoryStore;
  /** Range reads this poll may make. */
  rangesPerPoll: number;
  /** Cycles of history to keep for the rotation figures (read back at least this far). */
  windowCycles: number;
  /** How far back to read while some active node's flag is still unknown. */
  backfillMax: number;
}

/**
 * Stores the latest cycle records and reads the history backwards, a range at a time, until it
 * covers the rotation window and every active node's flag is known (or `backfillMax` is reached).
 * The stored window is one contiguous run of counters: when the latest records do not join it (the
 * service was away longer than one read covers), it starts again at them and the backward reads
 * fill the gap on this and the next polls. Everything written is keyed by counter or public key,
 * so reading a cycle twice, here or on another replica, stores it once.
 */
export async function ingestCycles(
  deps: IngestDeps,
  from: ArchiverEndpoint,
  latest: CycleRecord[],
  stillUnknown: () => Promise<number>,
): Promise<{ oldest: number; newest: number } | null> {
  const sorted = [...latest].sort((a, b) => a.counter - b.counter);
  const [oldestRecord] = sorted;
  const newestRecord = sorted.at(-1);
  if (!oldestRecord || !newestRecord) return deps.store.window();
  const first = oldestRecord.counter;
  const newest = newestRecord.counter;
  await deps.store.saveCycles(sorted);

  const stored = await deps.store.window();
  const joins = stored && first <= stored.newest + 1 && newest >= stored.oldest - 1;
  let window = joins ? { oldest: Math.min(stored.oldest, first), newest: Math.max(stored.newest, newest) } : { oldest: first, newest };

  const wanted = async () => {
    const span = window.newest - window.oldest;
    if (span < deps.windowCycles) return true;
    return span < deps.backfillMax && (await stillUnknown()) > 0;
  };
  for (let reads = 0; reads < deps.rangesPerPoll && window.oldest > 0 && (await wanted()); reads += 1) {
    const start = Math.max(0, window.oldest - RANGE_CYCLES);
    const records = await deps.archiver.cycleRange(from, start, window.oldest - 1);
    await deps.store.saveCycles(records);
    // An archiver keeps every cycle from genesis; an empty range means there is nothing older.
    window = { ...window, oldest: records.length === 0 ? 0 : start };
    await deps.store.setWindow(window);
  }
  await deps.store.setWindow(window);
  await deps.store.pruneBefore(window.newest - deps.windowCycles);
  return window;
}
