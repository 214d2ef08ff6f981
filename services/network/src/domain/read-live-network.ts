import { NETWORK_SOURCES } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import { economicsFromAccount } from './network-economics';
import {
  ARCHIVER_CYCLE_SOURCES,
  ARCHIVER_LIST_SOURCES,
  snapshotFromCounts,
  snapshotFromCycleOnly,
  splitByFoundationFlag,
  type SnapshotDraft,
} from './network-snapshot';
import type { ArchiverPort, CycleCountsSource, PollSource, SourceOutcomes } from './ports';

export interface LiveSources {
  archiverUrls: string[];
  archiver: ArchiverPort;
  rpc?: CycleCountsSource;
  explorer?: CycleCountsSource;
  logger: Logger;
  /** Counts each source's answer, usable or not (metrics). */
  outcomes?: SourceOutcomes;
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));
const valueOf = <T>(result: PromiseSettledResult<T>) => (result.status === 'fulfilled' ? result.value : undefined);

/**
 * One archiver: the cycle record, the active node list and the network account in parallel.
 * With the cycle record the counts are live (split from the node list when every node carries the
 * flag); without it, the full node lists give the counts.
 */
async function fromArchiver(url: string, { archiver, logger }: LiveSources): Promise<SnapshotDraft> {
  const [cycle, flags, account] = await Promise.allSettled([
    archiver.cycleCounts(url),
    archiver.activeNodeFlags(url),
    archiver.networkAccount(url),
  ]);
  for (const [what, result] of [['cycle record', cycle], ['node list', flags], ['network account', account]] as const) {
    if (result.status === 'rejected') logger.warn({ archiver: url, what, reason: reason(result.reason) }, 'archiver reply rejected');
  }
  const economicsParams = valueOf(account);
  const economics = economicsParams ? economicsFromAccount(economicsParams) : undefined;
  const nodeFlags = valueOf(flags);
  const split = nodeFlags ? splitByFoundationFlag(nodeFlags) : undefined;

  if (cycle.status === 'fulfilled') return snapshotFromCounts(cycle.value, split, ARCHIVER_CYCLE_SOURCES, economics);
  if (!nodeFlags) throw new Error('neither the cycle record nor the node list was usable');
  const standby = await archiver.standbyCount(url);
  return snapshotFromCounts({ active: nodeFlags.length, standby }, split, ARCHIVER_LIST_SOURCES, economics);
}

/**
 * The fallback chain of docs/network-data.md: each archiver in order, then the JSON-RPC, then the
 * explorer. Returns the first usable snapshot, or null when every live source failed.
 */
export async function readLiveNetwork(sources: LiveSources): Promise<SnapshotDraft | null> {
  const { logger, outcomes } = sources;
  for (const url of sources.archiverUrls) {
    try {
      const snapshot = await fromArchiver(url, sources);
      outcomes?.record('archiver', true);
      return snapshot;
    } catch (err) {
      outcomes?.record('archiver', false);
      logger.warn({ archiver: url, reason: reason(err) }, 'archiver unusable; trying the next source');
    }
  }
  const fallbacks = [
    [NETWORK_SOURCES.rpcAnalysis, 'rpc', sources.rpc],
    [NETWORK_SOURCES.explorerApi, 'explorer', sources.explorer],
  ] as const satisfies readonly (readonly [string, PollSource, CycleCountsSource | undefined])[];
  for (const [source, counted, client] of fallbacks) {
    if (!client) continue;
    try {
      const snapshot = snapshotFromCycleOnly(await client.cycleCounts(), source);
      outcomes?.record(counted, true);
      return snapshot;
    } catch (err) {
      outcomes?.record(counted, false);
      logger.warn({ source, reason: reason(err) }, 'fallback source unusable');
    }
  }
  return null;
}
