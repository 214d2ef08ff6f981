import { performance } from 'node:perf_hooks';
import type { Logger, Metrics } from '@shm/platform';
import { publishEvent, type Redis } from '@shm/platform/redis';
import type { Connection } from 'mongoose';
import type { NetworkConfig } from '../config';
import type { ArchiverDirectory } from '../domain/archiver-directory';
import type { ArchiverPort, CycleHistoryStore, SnapshotStore } from '../domain/ports';
import { liveRewardPerHour } from '../domain/reward-reading';
import { cachedNodeStates } from './data-access/cached-node-states';
import { nodeStateRepository } from './data-access/node-state.repository';
import { readNodeLists } from './domain/read-node-lists';
import { trackingLag, trackNodes, type TrackRun } from './domain/track-nodes';
import { nodeTrackingMetrics } from './entry-points/metrics/node-tracking.metrics';
import type { AgreeingArchivers, MinimumVersions, NodeStateStore } from './ports';

/** What node tracking reads of the network context: the stored cycles, the archivers and the live reward. */
export interface TrackingSources {
  mongo: Connection;
  /** Publishes `nodes.changed`. */
  redis: Redis;
  history: CycleHistoryStore;
  directory: ArchiverDirectory;
  archiver: ArchiverPort;
  /** The stored snapshot (straight from Redis): the reward per hour in force. */
  snapshots: SnapshotStore;
  agreeing: AgreeingArchivers;
  /** The network watch's minimum versions (node versions are checked against them). */
  minimums: MinimumVersions;
  /** The metrics of the process that runs the tracker (its run metrics are registered there only). */
  metrics?: Metrics;
  logger: Logger;
}

export type TrackingSettings = Pick<NetworkConfig, 'NODE_TRACKING_CYCLES_PER_RUN' | 'NODE_SYNC_VANISH_CYCLES' | 'NODE_PERIOD_RETENTION_DAYS'>;

export interface NodeTracking {
  /** The tracked states, for the node lookup route (served by the network API). */
  states: NodeStateStore;
  /** One tracking run (what a tracking job runs until caught up); a function, handed on unbound. */
  trackNow: () => Promise<TrackRun>;
}

/**
 * Node tracking's use cases over the network's sources (docs/my-nodes.md): the states store (cached
 * for the lookup), and a run that reads the stored cycles and the node lists of the archivers that
 * agreed on the last poll, publishes the changes and saves the states.
 */
export async function composeNodeTracking(config: TrackingSettings, sources: TrackingSources): Promise<NodeTracking> {
  const { history, logger } = sources;
  const states = cachedNodeStates(await nodeStateRepository(sources.mongo));
  const observe = sources.metrics ? nodeTrackingMetrics(sources.metrics, () => trackingLag(history, states)) : undefined;
  return {
    states,
    trackNow: async () => {
      const started = performance.now();
      const agreeing = await sources.agreeing.get();
      const run = await trackNodes({
        history,
        states,
        lists: () => readNodeLists({ directory: sources.directory, archiver: sources.archiver, history, agreeing: () => agreeing, logger }),
        rewardPerHour: () => liveRewardPerHour(sources.snapshots),
        minimums: () => sources.minimums.read(),
        publish: async (event) => {
          await publishEvent(sources.redis, 'nodes.changed', event);
        },
        cyclesPerRun: config.NODE_TRACKING_CYCLES_PER_RUN,
        syncVanishCycles: config.NODE_SYNC_VANISH_CYCLES,
        retentionDays: config.NODE_PERIOD_RETENTION_DAYS,
        logger,
      });
      observe?.run((performance.now() - started) / 1000, run);
      return run;
    },
  };
}

// The module's public face for the rest of the network service (the deps tier holds it to this file
// and ports.ts): the poll's side of the queue, the agreeing archivers it writes, the lookup route, and
// the lookup itself for node money (node-money/), which sets the tracked node beside the chain's figures.
export { agreeingArchivers } from './data-access/agreeing-archivers';
export { TRACKING_QUEUE, trackingQueue } from './data-access/tracking-queue';
export { lookUpNodes } from './domain/look-up-nodes';
export { requestTracking } from './domain/request-tracking';
export type { NodeStateStore } from './ports';
export type { TrackRun } from './domain/track-nodes';
export { nodeRoutes } from './entry-points/http/nodes.routes';
