import type { NodeChange, NodeChangeKind, NodeState } from '@shm/contracts';
import type { CycleMoment, TrackedNode } from '../ports';
import { noteTallies } from './node-tallies';
import type { ListedNode } from '../../domain/ports';

/** A cycle as the changes name it: its counter and its start (ISO). */
export type { CycleMoment } from '../ports';

/**
 * The nodes one run works on (every node not gone, and the stored ones the run's records and lists
 * name), what the run changed, and which documents it must write: only those.
 */
export interface Ledger {
  nodes: Map<string, TrackedNode>;
  /** Node id → public key, for the nodes held. */
  ids: Map<string, string>;
  /** Keys seen for the first time this run (to insert) and keys held that changed (to replace). */
  inserted: Set<string>;
  updated: Set<string>;
  /** In the order they happened, including those of quiet cycles. */
  changes: NodeChange[];
}

export function createLedger(nodes: Iterable<TrackedNode> = []): Ledger {
  const ledger: Ledger = { nodes: new Map(), ids: new Map(), inserted: new Set(), updated: new Set(), changes: [] };
  hold(ledger, nodes);
  return ledger;
}

/** Adds stored nodes to the ledger (a key held already is kept as it is). */
export function hold(ledger: Ledger, nodes: Iterable<TrackedNode>): void {
  for (const node of nodes) {
    if (ledger.nodes.has(node.publicKey)) continue;
    ledger.nodes.set(node.publicKey, node);
    if (node.id) ledger.ids.set(node.id, node.publicKey);
  }
}

const touch = (ledger: Ledger, node: TrackedNode) => {
  if (!ledger.inserted.has(node.publicKey)) ledger.updated.add(node.publicKey);
};

/** Remembers a node's id (from a join record or a list entry) when it is new or another. */
export function noteId(ledger: Ledger, node: TrackedNode, id: string | undefined): void {
  if (!id || node.id === id) return;
  node.id = id;
  ledger.ids.set(id, node.publicKey);
  touch(ledger, node);
}

function firstSeen(ledger: Ledger, publicKey: string, state: NodeState, moment: CycleMoment, lastChange: NodeChangeKind | null): TrackedNode {
  const node: TrackedNode = {
    publicKey,
    state,
    since: moment.at,
    sinceCycle: moment.cycle,
    firstSeen: moment.at,
    lastChange,
    periods: state === 'active' ? [{ start: moment.at, end: null }] : [],
    lastSeenCycle: moment.cycle,
    ...(state === 'standby' ? { standbySpans: [{ start: moment.at, end: null }] } : {}),
  };
  ledger.nodes.set(publicKey, node);
  ledger.inserted.add(publicKey);
  return node;
}

/** A key first seen in a node list: stored in the state the list gives, no change. */
export function firstSighting(ledger: Ledger, entry: ListedNode, state: NodeState, moment: CycleMoment): void {
  noteId(ledger, firstSeen(ledger, entry.publicKey, state, moment, null), entry.id);
}

const DEPARTURES = new Set<NodeChangeKind>(['removed', 'apoptosized']);

/**
 * A change's id, the same however often and whenever its run is retried. A move is named by the
 * state it leaves and the cycle the node entered that state in: both were saved before the run (or
 * come from records the retry reads again), whereas the cycle of a move the lists make is the run's
 * newest, and a retry after a new cycle may even see the departure record instead of the vanishing.
 * A first appearance and a `lost` or `refuted` come only from a record: named by its cycle and kind.
 */
const moveId = (node: TrackedNode) => `${node.sinceCycle}:${node.publicKey}:left-${node.state}`;
const recordId = (publicKey: string, kind: NodeChangeKind, moment: CycleMoment) => `${moment.cycle}:${publicKey}:${kind}`;

/**
 * What a record or the lists say happened to a node in a cycle: it moves to `to` (null: its state
 * stays, as for `lost` and `refuted`). A move to the state it is in already changes nothing (the
 * lists may have shown it a cycle before its record), except that a departure record names how a
 * node that vanished from the lists left. Entering `active` opens a period at the cycle's start;
 * leaving it closes the open one there. An unknown key enters only through `to`; a key never seen
 * cannot be lost, refuted or leave.
 */
export function applyChange(ledger: Ledger, publicKey: string, kind: NodeChangeKind, to: NodeState | null, moment: CycleMoment, id?: string): void {
  const node = ledger.nodes.get(publicKey);
  const change = (changeId: string, from: NodeChange['from'], next: NodeState) =>
    ledger.changes.push({ id: changeId, publicKey, kind, from, to: next, cycle: moment.cycle, at: moment.at });
  if (!node) {
    if (to === null || to === 'gone') return;
    noteId(ledger, firstSeen(ledger, publicKey, to, moment, kind), id);
    change(recordId(publicKey, kind, moment), 'unknown', to);
    return;
  }
  noteId(ledger, node, id);
  if (to === null || to === node.state) {
    if (node.state === 'gone') {
      if (DEPARTURES.has(kind) && node.lastChange === 'vanished') {
        node.lastChange = kind;
        touch(ledger, node);
      }
      return;
    }
    if (to !== null) return;
    noteTallies(node, kind, node.state, null, moment);
    node.lastChange = kind;
    node.lastSeenCycle = Math.max(node.lastSeenCycle, moment.cycle);
    touch(ledger, node);
    change(recordId(publicKey, kind, moment), node.state, node.state);
    return;
  }
  const from = node.state;
  const leaving = moveId(node);
  const open = node.periods[node.periods.length - 1];
  if (from === 'active' && open && open.end === null) open.end = moment.at;
  if (to === 'active') node.periods.push({ start: moment.at, end: null });
  noteTallies(node, kind, from, to, moment);
  Object.assign(node, { state: to, since: moment.at, sinceCycle: moment.cycle, lastChange: kind, lastSeenCycle: Math.max(node.lastSeenCycle, moment.cycle) });
  touch(ledger, node);
  change(leaving, from, to);
}
