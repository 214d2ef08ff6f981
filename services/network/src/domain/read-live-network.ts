import { NETWORK_SOURCES, type ArchiverCheck, type CommunitySplit, type Provenance } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import type { ArchiverDirectory } from './archiver-directory';
import { archiverCheck, confirmCycle, RefusedReplyError, type QuorumDeps, type QuorumOutcome } from './archiver-quorum';
import { foundationOf, splitOfActiveNodes, splitWithoutNodeList } from './community-split';
import { ingestCycles, RANGE_CYCLES, type IngestDeps } from './ingest-cycles';
import { economicsFromAccount } from './network-economics';
import { ARCHIVER_CYCLE_SOURCES, snapshotFromCounts, snapshotFromFallback, type SnapshotDraft } from './network-snapshot';
import { observeRotation } from './observe-rotation';
import { listPredates } from './list-freshness';
import type { ArchiverEndpoint, ArchiverPort, CycleCounts, CycleCountsSource, CycleHistoryStore, CycleRecord, ListedNode, PollSource, SourceOutcomes } from './ports';

export interface LiveSources {
  directory: ArchiverDirectory;
  archiver: ArchiverPort;
  /** The cycle history kept in MongoDB: flags, rotation. */
  history: CycleHistoryStore;
  ingest: Omit<IngestDeps, 'archiver' | 'store'>;
  rpc?: CycleCountsSource;
  explorer?: CycleCountsSource;
  logger: Logger;
  /** Counts each source's answer, usable or not (metrics). */
  outcomes?: SourceOutcomes;
  /** The network held and how stale a cycle may be (archiver-quorum.ts). */
  quorum: Omit<QuorumDeps, 'archiver' | 'logger' | 'newestAccepted'>;
  /** Told each poll's verdict on the archivers (metrics; the node tracker asks only those that agreed). */
  onVerdict?: (outcome: QuorumOutcome) => void;
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));
const valueOf = <T>(result: PromiseSettledResult<T>) => (result.status === 'fulfilled' ? result.value : undefined);

/**
 * The split from the active node list and the remembered flags, after storing the latest cycles
 * and reading the history back as far as this poll may (ingest-cycles.ts). A failed read (an
 * archiver gone slow mid-way, MongoDB away) costs this poll's progress, not the snapshot: what is
 * remembered still counts, and nodes known nowhere count as foundation.
 */
async function splitFromHistory(sources: LiveSources, from: ArchiverEndpoint, nodes: ListedNode[], latest: CycleRecord[]) {
  const { history, logger } = sources;
  const keys = nodes.map((n) => n.publicKey);
  const warn = (what: string) => (err: unknown) => {
    logger.warn({ archiver: from.url, reason: reason(err) }, what);
  };
  let window: { oldest: number; newest: number } | null = null;
  try {
    await history.rememberFlags(nodes);
    const unknownNow = async () => {
      const known = await history.flagsOf(keys);
      return nodes.filter((n) => n.foundation === undefined && !known.has(n.publicKey)).length;
    };
    window = await ingestCycles({ ...sources.ingest, archiver: sources.archiver, store: history }, from, latest, unknownNow);
  } catch (err) {
    warn('cycle history not read further this poll')(err);
  }
  const remembered = await history.flagsOf(keys).catch((err: unknown) => {
    warn('remembered flags unavailable; splitting by the node list alone')(err);
    return new Map<string, boolean>();
  });
  const split = splitOfActiveNodes(nodes, remembered);
  // Kept for a later poll whose source gives no node list (RPC, explorer).
  await history.setLastKnownFoundation(foundationOf(split)).catch(warn('last split not kept'));
  return { split, window };
}

/** A source that gives no split: the last foundation count kept, else the documented share. */
async function splitWithoutList(history: CycleHistoryStore, active: number, logger: Logger): Promise<CommunitySplit> {
  const lastKnown = await history.lastKnownFoundation().catch((err: unknown) => {
    logger.warn({ reason: reason(err) }, 'last known split unavailable');
    return undefined;
  });
  return splitWithoutNodeList(active, lastKnown);
}

/**
 * The records of the archiver up to the final cycle: it must have signed the final cycle itself (else
 * it changed its mind since it was asked), and every record must belong to the network held.
 */
function upToFinal(records: CycleRecord[], final: CycleRecord): CycleRecord[] {
  const own = records.find((r) => r.counter === final.counter);
  if (own && (own.marker !== final.marker || own.networkId !== final.networkId)) {
    throw new RefusedReplyError('disagrees', `cycle ${final.counter} has marker ${own.marker ?? '(none)'}, not the ${final.marker ?? '(none)'} agreed`);
  }
  const foreign = records.find((r) => r.networkId !== final.networkId);
  if (foreign) throw new RefusedReplyError('wrong-network', `cycle ${foreign.counter} names network ${foreign.networkId ?? '(none)'}`);
  return records.filter((r) => r.counter <= final.counter);
}

/**
 * One archiver that signed the final cycle: its latest cycle records (up to the final one), the
 * active node list and the network account in parallel, each reply checked against the archiver's
 * key by the client. The counts are the final cycle's; a node list that predates the records
 * (list-freshness.ts: a replay) is not used.
 */
async function fromArchiver(from: ArchiverEndpoint, sources: LiveSources, at: string, final: CycleRecord): Promise<SnapshotDraft> {
  const { archiver, logger, history } = sources;
  const [cycles, listed, account] = await Promise.allSettled([
    archiver.latestCycles(from, RANGE_CYCLES),
    archiver.activeNodes(from),
    archiver.networkAccount(from),
  ]);
  for (const [what, result] of [['cycle records', cycles], ['node list', listed], ['network account', account]] as const) {
    if (result.status === 'rejected') logger.warn({ archiver: from.url, what, reason: reason(result.reason) }, 'archiver reply rejected');
  }
  const params = valueOf(account);
  const economics = params ? economicsFromAccount(params) : undefined;
  const records = upToFinal(valueOf(cycles) ?? [final], final);
  const latest = records.find((r) => r.counter === final.counter) ?? final;
  let nodes = valueOf(listed);
  if (nodes && listPredates(nodes, records)) {
    logger.warn({ archiver: from.url, cycle: final.counter }, 'stale: the active node list predates the cycle records (a replay?); not used');
    nodes = undefined;
  }

  const counts: CycleCounts = {
    active: latest.active,
    standby: latest.standby,
    syncing: latest.syncing,
    desired: latest.desired,
    counter: latest.counter,
    durationSeconds: latest.duration,
  };
  const { split, window } = nodes
    ? await splitFromHistory(sources, from, nodes, records)
    : { split: await splitWithoutList(history, counts.active, logger), window: null };

  const draft = snapshotFromCounts(counts, split, ARCHIVER_CYCLE_SOURCES, economics);
  const here: Provenance = { origin: 'archiver', from: from.url, at };
  const splitFrom: Provenance = !nodes ? { origin: 'estimate', at } : split.method === 'node-flags' ? here : { ...here, origin: 'cycle-history' };
  const rotation = window
    ? await observeRotation(history, window, sources.ingest.windowCycles, draft).catch((err: unknown) => {
        logger.warn({ reason: reason(err) }, 'rotation figures not computed this poll');
        return undefined;
      })
    : undefined;
  return {
    ...draft,
    ...(rotation ? { rotation } : {}),
    provenance: {
      counts: here,
      split: splitFrom,
      ...(economics ? { economics: here } : {}),
      ...(rotation ? { rotation: { origin: 'cycle-history', from: from.url, at } } : {}),
    },
  };
}

/**
 * The fallback chain of docs/network-data.md: the archivers in rotation (archiver-directory.ts),
 * then the JSON-RPC, then the explorer. Returns the first usable snapshot (null when every live
 * source failed) and this poll's verdict on the archivers, which a kept or estimated snapshot carries too.
 */
export async function readLiveNetwork(sources: LiveSources, now: Date): Promise<{ live: SnapshotDraft | null; archivers: ArchiverCheck }> {
  const { logger, outcomes, history } = sources;
  const at = now.toISOString();
  // MongoDB away: nothing is known to be accepted; the clock still refuses what is old.
  const newestAccepted = async () =>
    (
      await history.window().catch((err: unknown) => {
        logger.warn({ reason: reason(err) }, 'newest accepted cycle unavailable; freshness by the clock alone this poll');
        return null;
      })
    )?.newest;
  const verdict = await confirmCycle({ ...sources.quorum, archiver: sources.archiver, logger, newestAccepted }, await sources.directory.order(), now.getTime());
  /** Each archiver asked counts once: failed when refused, else ok. */
  const report = (used: boolean): ArchiverCheck => {
    verdict.refused.forEach(() => outcomes?.record('archiver', false));
    for (let ok = verdict.asked - verdict.refused.length; ok > 0; ok -= 1) outcomes?.record('archiver', true);
    sources.onVerdict?.(verdict);
    return archiverCheck(verdict, used);
  };
  const { quorum } = verdict;
  for (const from of quorum?.agreeing ?? []) {
    if (!quorum) break;
    try {
      const snapshot = await fromArchiver(from, sources, at, quorum.final);
      const archivers = report(true);
      return { live: { ...snapshot, archivers }, archivers };
    } catch (err) {
      // Another network or another marker by now: refused like the others.
      verdict.refused.push({ archiver: from, reason: err instanceof RefusedReplyError ? err.reason : 'unreachable', detail: reason(err) });
      logger.warn({ archiver: from.url, reason: reason(err) }, 'archiver unusable; trying the next source');
    }
  }
  const archivers = report(false);
  const fallbacks = [
    [NETWORK_SOURCES.rpcAnalysis, 'rpc', sources.rpc],
    [NETWORK_SOURCES.explorerApi, 'explorer', sources.explorer],
  ] as const satisfies readonly (readonly [string, PollSource, CycleCountsSource | undefined])[];
  for (const [source, counted, client] of fallbacks) {
    if (!client) continue;
    try {
      const counts = await client.cycleCounts();
      outcomes?.record(counted, true);
      const split = await splitWithoutList(sources.history, counts.active, logger);
      const live: SnapshotDraft = {
        ...snapshotFromFallback(counts, split, source),
        archivers,
        provenance: { counts: { origin: counted, at }, split: { origin: 'estimate', at } },
      };
      return { live, archivers };
    } catch (err) {
      outcomes?.record(counted, false);
      logger.warn({ source, reason: reason(err) }, 'fallback source unusable');
    }
  }
  return { live: null, archivers };
}
