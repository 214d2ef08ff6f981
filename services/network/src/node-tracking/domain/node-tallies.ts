import type { NodeChangeKind, NodeIncidentCounts, NodeIncidentKind, NodeState, NodeWindow } from '@shm/contracts';
import type { CycleMoment, SelectionBucket, StoredIncident, StoredPeriod, TrackedNode, TrackerState } from '../ports';
import type { CycleRecord } from '../../domain/ports';

const DAY_MS = 86_400_000;
/** Selection buckets are kept one day beyond the longest window. */
const SELECTION_KEEP_DAYS = 31;

/**
 * The event of a change that is not chance, or undefined: a node that left syncing for gone never
 * became active (a sync timeout, whatever the record called it); apoptosized while active is an
 * early exit; leaving standby for gone without being selected is a missed refresh; lost and refuted
 * count as such. Not being selected is never one: that is luck.
 */
export function incidentOf(kind: NodeChangeKind, from: NodeState, to: NodeState | null): NodeIncidentKind | undefined {
  if (to === null) return kind === 'lost' ? 'lost' : kind === 'refuted' ? 'refuted' : undefined;
  if (to !== 'gone') return undefined;
  if (from === 'syncing') return 'syncTimeouts';
  if (from === 'standby') return 'missedRefreshes';
  if (from === 'active' && kind === 'apoptosized') return 'earlyExits';
  return undefined;
}

/**
 * Keeps a node's tallies as it changes: the incident (if any) with its cycle, and its standby spans
 * (opened on entering standby, closed on leaving it at the cycle's start). Documents stored before
 * the fleet view have neither field; they start empty here.
 */
export function noteTallies(node: TrackedNode, kind: NodeChangeKind, from: NodeState, to: NodeState | null, moment: CycleMoment): void {
  const incident = incidentOf(kind, from, to);
  // A run that saved its nodes but not its progress reads the same records again: one event per kind and cycle.
  const told = node.incidents?.some((i) => i.kind === incident && i.cycle === moment.cycle);
  if (incident && !told) node.incidents = [...(node.incidents ?? []), { kind: incident, cycle: moment.cycle, at: moment.at }];
  if (to === null || to === from) return;
  const spans = node.standbySpans ?? [];
  const open = spans[spans.length - 1];
  if (from === 'standby' && open && open.end === null) open.end = moment.at;
  if (to === 'standby') spans.push({ start: moment.at, end: null });
  if (spans.length > 0) node.standbySpans = spans;
}

/** Spans and incidents worth keeping: the open span and what ended within the retention. */
export function keptTallies(node: TrackedNode, retentionDays: number, now: Date): Pick<TrackedNode, 'incidents' | 'standbySpans'> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  return {
    ...(node.incidents ? { incidents: node.incidents.filter((i) => i.at >= cutoff) } : {}),
    ...(node.standbySpans ? { standbySpans: node.standbySpans.filter((s) => s.end === null || s.end >= cutoff) } : {}),
  };
}

/** The hour (UTC) a cycle starting at `seconds` counts in: `YYYY-MM-DDTHH`. */
const hourOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 13);

/**
 * The network's selections and standby-node-cycles per hour: each record adds its joinedConsensors
 * (the nodes selected from standby) and its standby count (the nodes on the list that cycle).
 * Hours older than SELECTION_KEEP_DAYS before `now` are dropped.
 */
export function addSelections(buckets: readonly SelectionBucket[], records: readonly CycleRecord[], now: Date): SelectionBucket[] {
  const byHour = new Map(buckets.map((b) => [b.hour, { ...b }]));
  for (const record of records) {
    const hour = hourOf(record.start);
    const bucket = byHour.get(hour) ?? { hour, selections: 0, standbyNodeCycles: 0 };
    bucket.selections += record.joined.length;
    bucket.standbyNodeCycles += record.standby;
    byHour.set(hour, bucket);
  }
  const cutoff = new Date(now.getTime() - SELECTION_KEEP_DAYS * DAY_MS).toISOString().slice(0, 13);
  return [...byHour.values()].filter((b) => b.hour >= cutoff).sort((a, b) => a.hour.localeCompare(b.hour));
}

/** Selections per standby-node-cycle in the hours from `fromMs` on; null while no standby cycle was recorded. */
export function selectionRate(buckets: readonly SelectionBucket[], fromMs: number): number | null {
  const from = new Date(fromMs).toISOString().slice(0, 13);
  let selections = 0;
  let standby = 0;
  for (const bucket of buckets) {
    if (bucket.hour < from) continue;
    selections += bucket.selections;
    standby += bucket.standbyNodeCycles;
  }
  return standby > 0 ? selections / standby : null;
}

/** Seconds of `spans` inside `[fromMs, nowMs]`; an open span runs until now. */
function secondsWithin(spans: readonly StoredPeriod[], fromMs: number, nowMs: number): number {
  let ms = 0;
  for (const span of spans) {
    const end = span.end === null ? nowMs : Date.parse(span.end);
    ms += Math.max(0, Math.min(end, nowMs) - Math.max(Date.parse(span.start), fromMs));
  }
  return ms / 1000;
}

const noIncidents = (): NodeIncidentCounts => ({ syncTimeouts: 0, lost: 0, refuted: 0, earlyExits: 0, missedRefreshes: 0 });

function countIncidents(incidents: readonly StoredIncident[], from: string): NodeIncidentCounts {
  const counts = noIncidents();
  for (const incident of incidents) if (incident.at >= from) counts[incident.kind] += 1;
  return counts;
}

/**
 * A node over the last `days` days (docs/my-nodes.md, "Fleet view"): activations (periods that
 * started in the window), its cycles on the standby list (standby seconds ÷ the cycle's seconds),
 * the network's selection rate over the same hours, the activations that rate makes expected, and
 * its incidents.
 */
export function nodeWindow(
  node: TrackedNode,
  tracker: Pick<TrackerState, 'selection' | 'cycleSeconds' | 'lastCycleAt'> | null,
  days: number,
  now: Date,
): NodeWindow {
  const cycleSeconds = tracker?.cycleSeconds ?? 60;
  // The window ends now, or at the end of the newest tracked cycle when the network's clock runs ahead of ours.
  const nowMs = Math.max(now.getTime(), tracker ? Date.parse(tracker.lastCycleAt) + cycleSeconds * 1000 : 0);
  const fromMs = nowMs - days * DAY_MS;
  const from = new Date(fromMs).toISOString();
  const standbyCycles = secondsWithin(node.standbySpans ?? [], fromMs, nowMs) / cycleSeconds;
  const rate = selectionRate(tracker?.selection ?? [], fromMs);
  return {
    days,
    activations: node.periods.filter((p) => p.start >= from).length,
    standbyCycles,
    selectionRate: rate,
    expectedActivations: rate === null ? null : rate * standbyCycles,
    incidents: countIncidents(node.incidents ?? [], from),
  };
}
