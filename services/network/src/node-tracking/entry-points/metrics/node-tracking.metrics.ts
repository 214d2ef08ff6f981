import { NODE_CHANGE_KINDS } from '@shm/contracts';
import type { Metrics } from '@shm/platform';
import type { TrackRun } from '../../domain/track-nodes';

export interface NodeTrackingObserver {
  /** One finished run: its duration and the changes it published. */
  run(seconds: number, run: TrackRun): void;
}

/**
 * The node tracker's metrics: `network_node_tracking_lag_cycles` (newest stored cycle − last cycle
 * tracked, read from MongoDB at scrape time, so every replica reports the shared figure; absent when
 * it cannot be read), `network_node_tracking_run_seconds` (each run of this replica) and
 * `network_node_changes_total{kind}` (changes this replica published).
 */
export function nodeTrackingMetrics(metrics: Metrics, lag: () => Promise<number | undefined>): NodeTrackingObserver {
  metrics.gauge({
    name: 'network_node_tracking_lag_cycles',
    help: 'Cycles stored but not yet tracked: the newest stored cycle minus the last cycle the node tracker processed',
    collect: async () => {
      const cycles = await lag();
      return cycles === undefined ? [] : [{ value: cycles }];
    },
  });
  const duration = metrics.histogram({
    name: 'network_node_tracking_run_seconds',
    help: 'Duration of each node tracking run of this replica (cycle records, node lists, publish, save)',
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  });
  const changes = metrics.counter({ name: 'network_node_changes_total', help: 'Node changes published by this replica, by kind', labelNames: ['kind'] });
  // Every series from the start, so rate() and increase() see the first change.
  for (const kind of NODE_CHANGE_KINDS) changes.inc({ kind }, 0);
  return {
    run(seconds, run) {
      duration.observe({}, seconds);
      for (const change of run.published) changes.inc({ kind: change.kind });
    },
  };
}
