import type { NodeState } from '@shm/contracts';
import { applyChange, firstSighting, noteId, type CycleMoment, type Ledger } from './node-ledger';
import type { NodeLists } from '../ports';
import type { CycleRecord, ListedNode } from '../../domain/ports';

export const isoOfSeconds = (seconds: number) => new Date(seconds * 1000).toISOString();
export const momentOf = (record: CycleRecord): CycleMoment => ({ cycle: record.counter, at: isoOfSeconds(record.start) });

/**
 * One cycle record's node events, in the order a node lives them: joins standby, is selected
 * (syncs), leaves standby otherwise, is activated, is lost or refutes, leaves the active set.
 * `standbyRemove` counts only for a node in standby (a selected node is not "removed" from it).
 * Node ids resolve to keys through `keyOf` (join records, list entries); an id no one knows is
 * skipped. `lostSyncing` is not read: core apoptosizes those nodes in the next cycle.
 */
export function applyRecord(ledger: Ledger, record: CycleRecord, keyOf: (id: string) => string | undefined): void {
  const moment = momentOf(record);
  const keys = (ids: string[]) => ids.map(keyOf).filter((key): key is string => key !== undefined);
  for (const key of record.standbyAdded) applyChange(ledger, key, 'standby-added', 'standby', moment);
  for (const node of record.joined) applyChange(ledger, node.publicKey, 'selected', 'syncing', moment, node.id);
  for (const key of record.standbyRemoved) {
    if (ledger.nodes.get(key)?.state === 'standby') applyChange(ledger, key, 'standby-removed', 'gone', moment);
  }
  for (const key of record.activated) applyChange(ledger, key, 'activated', 'active', moment);
  for (const key of keys(record.lostIds)) applyChange(ledger, key, 'lost', null, moment);
  for (const key of keys(record.refutedIds)) applyChange(ledger, key, 'refuted', null, moment);
  for (const key of keys(record.removedIds)) applyChange(ledger, key, 'removed', 'gone', moment);
  for (const key of keys(record.apoptosizedIds)) applyChange(ledger, key, 'apoptosized', 'gone', moment);
}

/** Each listed key with the list it is in; a key in two lists counts in the later of standby, syncing, active. */
export function listedStates(lists: NodeLists): Map<string, { entry: ListedNode; state: NodeState }> {
  const listed = new Map<string, { entry: ListedNode; state: NodeState }>();
  for (const state of ['standby', 'syncing', 'active'] as const) {
    for (const entry of lists[state] ?? []) listed.set(entry.publicKey, { entry, state });
  }
  return listed;
}

/**
 * The node lists read at the end of a run, against the states the records left: a key first seen
 * in a list is stored in the list's state without a change; a listed node whose records were missed
 * is moved (`activated`, `selected`, `standby-added`). Only when all three lists were read, a node
 * active or in standby that is in none has `vanished`, and so has a syncing node no list showed for
 * more than `syncVanishCycles` cycles (it neither activated nor was seen syncing).
 */
export function reconcileLists(ledger: Ledger, lists: NodeLists, moment: CycleMoment, syncVanishCycles: number): void {
  const listed = listedStates(lists);
  for (const [key, { entry, state }] of listed) {
    const node = ledger.nodes.get(key);
    if (!node) {
      firstSighting(ledger, entry, state, moment);
      continue;
    }
    noteId(ledger, node, entry.id);
    if (state === 'active' && node.state !== 'active') applyChange(ledger, key, 'activated', 'active', moment);
    else if (state === 'syncing' && (node.state === 'standby' || node.state === 'gone')) applyChange(ledger, key, 'selected', 'syncing', moment);
    else if (state === 'standby' && node.state === 'gone') applyChange(ledger, key, 'standby-added', 'standby', moment);
    else if (state === 'syncing' && node.state === 'syncing' && node.lastSeenCycle < moment.cycle) {
      node.lastSeenCycle = moment.cycle;
      if (!ledger.inserted.has(key)) ledger.updated.add(key);
    }
  }
  if (!lists.active || !lists.syncing || !lists.standby) return;
  for (const node of ledger.nodes.values()) {
    if (listed.has(node.publicKey)) continue;
    const stale = node.state === 'syncing' && moment.cycle - node.lastSeenCycle > syncVanishCycles;
    if (node.state === 'active' || node.state === 'standby' || stale) applyChange(ledger, node.publicKey, 'vanished', 'gone', moment);
  }
}
