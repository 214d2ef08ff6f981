import type { NodeChange } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import { keptPeriods, keptRates } from './earned-shm';
import { applyRecord, listedStates, momentOf, reconcileLists } from './node-events';
import { createLedger, hold, type Ledger } from './node-ledger';
import { addSelections, keptTallies } from './node-tallies';
import { checkVersions, emptyJoins, noteVersions, type Minimums } from './version-checks';
import type { NodeLists, NodeStateStore, PublishNodeChanges, RateSegment, TrackedNode } from '../ports';
import type { CycleHistoryStore, CycleRecord } from '../../domain/ports';

export interface TrackNodesDeps {
  history: CycleHistoryStore;
  states: NodeStateStore;
  /** The archiver's active, syncing and standby lists, read now. */
  lists: () => Promise<NodeLists>;
  /** The reward per hour in force and when it was read, when a live reading is known. */
  rewardPerHour: () => Promise<{ rewardPerHour: number; at: string } | undefined>;
  publish: PublishNodeChanges;
  /** The network watch's minimum versions (absent: versions are kept but never checked). */
  minimums?: () => Promise<Minimums>;
  /** Cycle records one run processes at most (a first run or a long absence catches up over several runs). */
  cyclesPerRun: number;
  /** A syncing node no list showed for more than this many cycles has vanished. */
  syncVanishCycles: number;
  /** Ended active periods, rate segments and gone nodes are kept this long. */
  retentionDays: number;
  logger: Logger;
  now?: () => Date;
}

export interface TrackRun {
  /** Cycle records processed this run. */
  processed: number;
  /** The newest cycle processed so far (this run or before), null before any. */
  lastCycle: number | null;
  /** Whether the run reached the newest stored cycle (only then are the node lists read). */
  caughtUp: boolean;
  /** The changes published (none for the history read on the first run). */
  published: NodeChange[];
}

/** Changes per `nodes.changed` event: a run with many changes publishes several events of the same cycle. */
const CHANGES_PER_EVENT = 500;
const DAY_MS = 86_400_000;
const PRUNE_EVERY = 100;

const unique = <T>(items: T[]) => [...new Set(items)];
const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Every key the records and lists name that the ledger does not hold yet. The records' node ids
 * resolve through the nodes held, then the stored ones (a node gone already), then the join records.
 */
async function holdNamed(deps: TrackNodesDeps, ledger: Ledger, records: CycleRecord[], lists: NodeLists) {
  const ids = unique(records.flatMap((r) => [...r.removedIds, ...r.apoptosizedIds, ...r.lostIds, ...r.refutedIds]));
  const joinedIds = new Set(records.flatMap((r) => r.joined.map((n) => n.id)));
  const unheld = ids.filter((id) => !ledger.ids.has(id) && !joinedIds.has(id));
  if (unheld.length > 0) hold(ledger, await deps.states.byIds(unheld));
  const idKeys = await deps.history.publicKeysOfIds(ids.filter((id) => !ledger.ids.has(id) && !joinedIds.has(id)));
  const named = [
    ...records.flatMap((r) => [...r.standbyAdded, ...r.standbyRemoved, ...r.activated, ...r.joined.map((n) => n.publicKey)]),
    ...idKeys.values(),
    ...listedStates(lists).keys(),
  ];
  hold(ledger, await deps.states.byKeys(unique(named).filter((key) => !ledger.nodes.has(key))));
  return (id: string) => ledger.ids.get(id) ?? idKeys.get(id);
}

/** The rate segments with today's reading appended when it differs from the last one. */
async function ratesWith(deps: TrackNodesDeps, rates: RateSegment[], now: Date): Promise<RateSegment[]> {
  const reading = await deps.rewardPerHour().catch((err: unknown) => {
    deps.logger.warn({ reason: reason(err) }, 'reward per hour unavailable; rate segments unchanged');
    return undefined;
  });
  const last = rates[rates.length - 1];
  const changed = reading && (!last || (last.rewardPerHour !== reading.rewardPerHour && reading.at > last.from));
  const next = changed ? [...rates, { from: reading.at, rewardPerHour: reading.rewardPerHour }] : rates;
  return keptRates(next, deps.retentionDays, now);
}

/** The minimum versions, or undefined (no check this run, nothing marked checked) when they cannot be read. */
async function readMinimums(deps: TrackNodesDeps): Promise<Minimums | undefined> {
  return deps.minimums?.().catch((err: unknown) => {
    deps.logger.warn({ reason: reason(err) }, 'minimum versions unavailable; versions not checked this run');
    return undefined;
  });
}

async function publishInEvents(deps: TrackNodesDeps, changes: NodeChange[], cycle: number, at: string) {
  for (let i = 0; i < changes.length; i += CHANGES_PER_EVENT) {
    await deps.publish({ cycle, at, changes: changes.slice(i, i + CHANGES_PER_EVENT) });
  }
}

/**
 * One tracking run over every node (docs/network-data.md, "Node tracking"): the stored cycle
 * records after the last one tracked, oldest first and at most `cyclesPerRun`, then (once caught
 * up with the newest stored cycle) the archiver's node lists. The changes are published before the
 * states and the last cycle are saved, so a run that dies in between is done again and publishes
 * the same change ids (consumers drop the ones they have). The first run (no tracker state) reads
 * the stored history in silence: changes of cycles up to the newest stored then are never published.
 */
export async function trackNodes(deps: TrackNodesDeps): Promise<TrackRun> {
  const now = (deps.now ?? (() => new Date()))();
  const [window, tracker] = await Promise.all([deps.history.window(), deps.states.tracker()]);
  const idle = (caughtUp: boolean): TrackRun => ({ processed: 0, lastCycle: tracker?.lastCycle ?? null, caughtUp, published: [] });
  if (!window) return idle(true);
  // Cycles pruned while the tracker was away are skipped; the node lists put the states right.
  const from = tracker ? tracker.lastCycle + 1 : window.oldest;
  if (from > window.newest) return idle(true);
  const records = await deps.history.cyclesFrom(from, deps.cyclesPerRun);
  const last = records[records.length - 1];
  if (!last) return idle(true);
  const caughtUp = last.counter >= window.newest;
  const quietThrough = tracker?.quietThrough ?? window.newest;

  const lists = caughtUp ? await deps.lists() : {};
  const ledger = createLedger(await deps.states.current());
  const keyOf = await holdNamed(deps, ledger, records, lists);
  const joined = emptyJoins();
  for (const record of records) {
    applyRecord(ledger, record, keyOf);
    noteVersions(ledger, record, momentOf(record), joined);
  }
  const moment = momentOf(last);
  if (caughtUp) reconcileLists(ledger, lists, moment, deps.syncVanishCycles);
  const minimums = await readMinimums(deps);
  const minimumsChecked = minimums ? checkVersions(ledger, minimums, joined, moment, tracker?.minimumsChecked ?? []) : tracker?.minimumsChecked;

  const published = ledger.changes.filter((change) => change.cycle > quietThrough);
  await publishInEvents(deps, published, moment.cycle, moment.at);

  const written = (keys: Set<string>): TrackedNode[] =>
    [...keys].map((key) => {
      const node = ledger.nodes.get(key);
      if (!node) throw new Error(`Node ${key} changed this pass but is not in the ledger`);
      return { ...node, periods: keptPeriods(node.periods, deps.retentionDays, now), ...keptTallies(node, deps.retentionDays, now) };
    });
  await deps.states.save({ inserted: written(ledger.inserted), updated: written(ledger.updated) });
  const rates = await ratesWith(deps, tracker?.rates ?? [], now);
  const selection = addSelections(tracker?.selection ?? [], records, now);
  await deps.states.saveTracker({
    lastCycle: last.counter,
    lastCycleAt: moment.at,
    quietThrough,
    rates,
    selection,
    cycleSeconds: last.duration,
    ...(minimumsChecked ? { minimumsChecked } : {}),
  });
  // Gone nodes past the retention are deleted once per PRUNE_EVERY cycles (a scan of every node on FerretDB).
  if (Math.floor(last.counter / PRUNE_EVERY) > Math.floor((from - 1) / PRUNE_EVERY)) {
    await deps.states.pruneGone(new Date(now.getTime() - deps.retentionDays * DAY_MS).toISOString());
  }

  deps.logger.info(
    { from, to: last.counter, processed: records.length, caughtUp, inserted: ledger.inserted.size, updated: ledger.updated.size, published: published.length },
    'nodes tracked',
  );
  return { processed: records.length, lastCycle: last.counter, caughtUp, published };
}

/** Cycles stored but not tracked yet: newest stored − last tracked (every stored cycle before the first run). */
export async function trackingLag(history: CycleHistoryStore, states: NodeStateStore): Promise<number> {
  const [window, tracker] = await Promise.all([history.window(), states.tracker()]);
  if (!window) return 0;
  return Math.max(0, window.newest - (tracker ? tracker.lastCycle : window.oldest - 1));
}
