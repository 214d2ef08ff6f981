import type { NetworkData } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import { officialEstimate } from './official-estimate';
import type { PublishNetworkUpdated, SnapshotStore } from './ports';
import { readLiveNetwork, type LiveSources } from './read-live-network';

export interface PollNetworkDeps extends LiveSources {
  snapshots: SnapshotStore;
  publish: PublishNetworkUpdated;
  /** A live snapshot younger than this survives a poll where every live source failed. */
  keepLiveMs: number;
  logger: Logger;
  now?: () => Date;
}

/**
 * Reads the network through the fallback chain, stores the snapshot with its time and announces
 * it (`network.updated`). When nothing live answers, a recent live snapshot is kept rather than
 * replaced by the estimate; otherwise the published specifications stand in (isEstimate: true).
 */
export async function pollNetwork(deps: PollNetworkDeps): Promise<NetworkData> {
  const now = (deps.now ?? (() => new Date()))();
  const live = await readLiveNetwork(deps);
  if (!live) {
    const previous = await deps.snapshots.get();
    const age = previous ? now.getTime() - Date.parse(previous.lastUpdated) : Number.POSITIVE_INFINITY;
    if (previous && !previous.isEstimate && age < deps.keepLiveMs) {
      deps.logger.warn({ source: previous.source, ageMs: age }, 'no live source answered; keeping the last live snapshot');
      return previous;
    }
    deps.logger.warn('no live source answered; serving the published specifications as an estimate');
  }
  const snapshot: NetworkData = { ...(live ?? officialEstimate()), lastUpdated: now.toISOString() };
  await deps.snapshots.save(snapshot);
  await deps.publish(snapshot);
  deps.logger.info({ source: snapshot.source, isEstimate: snapshot.isEstimate }, 'network snapshot stored');
  return snapshot;
}
