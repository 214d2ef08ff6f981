import { NETWORK_SOURCES, type CommunitySplit, type Provenance } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import type { ArchiverDirectory } from './archiver-directory';
import { foundationOf, splitOfActiveNodes, splitWithoutNodeList } from './community-split';
import { ingestCycles, RANGE_CYCLES, type IngestDeps } from './ingest-cycles';
import { economicsFromAccount } from './network-economics';
import { ARCHIVER_CYCLE_SOURCES, ARCHIVER_LIST_SOURCES, snapshotFromCounts, snapshotFromFallback, type SnapshotDraft } from './network-snapshot';
import { observeRotation } from './observe-rotation';
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
  const warn = (what: string) => (err: unknown) => void logger.warn({ archiver: from.url, reason: reason(err) }, what);
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
 * One archiver: the latest cycle records, the active node list and the network account in
 * parallel, each reply checked against the archiver's key by the client. With the cycle records the
 * counts are live; without them the node lists give the counts (archiver_full_data).
 */
async function fromArchiver(from: ArchiverEndpoint, sources: LiveSources, at: string): Promise<SnapshotDraft> {
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
  const nodes = valueOf(listed);
  const records = valueOf(cycles) ?? [];
  const latest = records.reduce<(typeof records)[number] | undefined>((a, b) => (!a || b.counter > a.counter ? b : a), undefined);
  if (!latest && !nodes) throw new Error('neither the cycle records nor the node list were usable');

  const counts: CycleCounts = latest
    ? { active: latest.active, standby: latest.standby, syncing: latest.syncing, desired: latest.desired, counter: latest.counter, durationSeconds: latest.duration }
    : { active: nodes!.length, standby: (await archiver.standbyNodes(from)).length };
  const { split, window } = nodes
    ? await splitFromHistory(sources, from, nodes, records)
    : { split: await splitWithoutList(history, counts.active, logger), window: null };

  const draft = snapshotFromCounts(counts, split, latest ? ARCHIVER_CYCLE_SOURCES : ARCHIVER_LIST_SOURCES, economics);
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
 * then the JSON-RPC, then the explorer. Returns the first usable snapshot, or null when every live
 * source failed.
 */
export async function readLiveNetwork(sources: LiveSources, now: Date): Promise<SnapshotDraft | null> {
  const { logger, outcomes } = sources;
  const at = now.toISOString();
  for (const from of await sources.directory.order()) {
    try {
      const snapshot = await fromArchiver(from, sources, at);
      outcomes?.record('archiver', true);
      return snapshot;
    } catch (err) {
      outcomes?.record('archiver', false);
      logger.warn({ archiver: from.url, reason: reason(err) }, 'archiver unusable; trying the next source');
    }
  }
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
      return {
        ...snapshotFromFallback(counts, split, source),
        provenance: { counts: { origin: counted, at }, split: { origin: 'estimate', at } },
      };
    } catch (err) {
      outcomes?.record(counted, false);
      logger.warn({ source, reason: reason(err) }, 'fallback source unusable');
    }
  }
  return null;
}
