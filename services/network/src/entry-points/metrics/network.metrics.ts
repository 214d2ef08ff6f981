import type { Metrics } from '@shm/platform';
import type { QuorumOutcome } from '../../domain/archiver-quorum';
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

/**
 * What the last poll of this replica made of the archivers: `network_archiver_refused{archiver,
 * reason}` is 1 for each archiver refused (wrong-network, stale, disagrees, untrusted, unreachable)
 * and skipped until it agrees again; `network_archivers_agreeing` counts the archivers that signed the
 * final cycle (1: single source, 0: none usable). Both are empty before the first poll.
 */
export function archiverMetrics(metrics: Metrics): (outcome: QuorumOutcome) => void {
  let last: QuorumOutcome | undefined;
  metrics.gauge({
    name: 'network_archiver_refused',
    help: 'Archivers whose figures the last poll of this replica refused, by archiver and reason (1 while refused)',
    labelNames: ['archiver', 'reason'],
    collect: () => Promise.resolve((last?.refused ?? []).map(({ archiver, reason }) => ({ labels: { archiver: archiver.url, reason }, value: 1 }))),
  });
  metrics.gauge({
    name: 'network_archivers_agreeing',
    help: 'Archivers that signed the cycle the last poll of this replica rests on (1: single source, 0: none)',
    collect: () => Promise.resolve(last ? [{ value: last.quorum?.agreeing.length ?? 0 }] : []),
  });
  return (outcome) => {
    last = outcome;
  };
}
