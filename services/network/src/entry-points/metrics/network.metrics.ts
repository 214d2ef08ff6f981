import type { Metrics } from '@shm/platform';
import type { PollSource, SnapshotStore, SourceOutcomes } from '../../domain/ports';

const SOURCES: readonly PollSource[] = ['archiver', 'rpc', 'explorer', 'price'];

/**
 * The network service's own metrics: `network_polls_total{source, outcome}` (each source asked by a
 * poll of this replica, `ok` or `failed`) and `network_snapshot_age_seconds` (the stored snapshot's
 * age at scrape time, read from Redis so every replica reports the shared snapshot; +Inf when there
 * is none yet). Returns what the polls report their sources to.
 */
export function networkMetrics(metrics: Metrics, snapshots: SnapshotStore, now: () => number = Date.now): SourceOutcomes {
  const polls = metrics.counter({
    name: 'network_polls_total',
    help: 'Answers of the outside sources asked by the network polls of this replica, by source and outcome (ok: usable, failed: error or unusable reply)',
    labelNames: ['source', 'outcome'],
  });
  // Every series from the start, so rate() and increase() see the first failure.
  for (const source of SOURCES) for (const outcome of ['ok', 'failed']) polls.inc({ source, outcome }, 0);
  metrics.gauge({
    name: 'network_snapshot_age_seconds',
    help: 'Seconds since the stored network snapshot was taken (+Inf when there is none)',
    collect: async () => {
      const snapshot = await snapshots.get();
      return [{ value: snapshot ? (now() - Date.parse(snapshot.lastUpdated)) / 1000 : Number.POSITIVE_INFINITY }];
    },
  });
  return { record: (source, ok) => polls.inc({ source, outcome: ok ? 'ok' : 'failed' }) };
}
