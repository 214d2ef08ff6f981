import type { NetworkData } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import { officialEstimate } from './official-estimate';
import type { NetworkHistoryStore, PriceStore, PublishNetworkUpdated, SnapshotStore } from './ports';
import { readLiveNetwork, type LiveSources } from './read-live-network';

export interface PollNetworkDeps extends LiveSources {
  snapshots: SnapshotStore;
  publish: PublishNetworkUpdated;
  /** The network's history (counts, parameters, price over time). */
  networkHistory: NetworkHistoryStore;
  /** The stored SHM price, recorded in the history beside the counts. */
  prices: PriceStore;
  /** A live snapshot younger than this survives a poll where every live source failed. */
  keepLiveMs: number;
  logger: Logger;
  now?: () => Date;
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** One history point per poll (the first of each 5-minute bucket wins), then the rollups. */
async function recordHistory(deps: PollNetworkDeps, snapshot: NetworkData, now: Date): Promise<void> {
  try {
    const price = await deps.prices.get();
    await deps.networkHistory.record(snapshot, price?.quote.price ?? null, now);
    await deps.networkHistory.rollUp(now);
  } catch (err) {
    deps.logger.warn({ reason: reason(err) }, 'network history not recorded this poll');
  }
}

/**
 * Reads the network through the fallback chain, stores the snapshot with its time, announces it
 * (`network.updated`) and records it in the history. When nothing live answers, a recent live
 * snapshot is kept rather than replaced by the estimate; otherwise the published specifications
 * stand in (isEstimate: true).
 */
export async function pollNetwork(deps: PollNetworkDeps): Promise<NetworkData> {
  const now = (deps.now ?? (() => new Date()))();
  const { live, archivers } = await readLiveNetwork(deps, now);
  if (!live) {
    const previous = await deps.snapshots.get();
    const age = previous ? now.getTime() - Date.parse(previous.lastUpdated) : Number.POSITIVE_INFINITY;
    if (previous && previous.source !== officialEstimate().source && age < deps.keepLiveMs) {
      deps.logger.warn({ source: previous.source, ageMs: age }, 'no live source answered; keeping the last live snapshot');
      // Its figures and time stay; what the archivers said this poll is told beside them.
      const kept: NetworkData = { ...previous, archivers: { ...archivers, agreement: 'none' } };
      await deps.snapshots.save(kept);
      return kept;
    }
    deps.logger.warn('no live source answered; serving the published specifications as an estimate');
  }
  const snapshot: NetworkData = { ...(live ?? { ...officialEstimate(now), archivers }), lastUpdated: now.toISOString() };
  await deps.snapshots.save(snapshot);
  await deps.publish(snapshot);
  await recordHistory(deps, snapshot, now);
  deps.logger.info({ source: snapshot.source, isEstimate: snapshot.isEstimate, split: snapshot.communitySplit?.method }, 'network snapshot stored');
  return snapshot;
}
