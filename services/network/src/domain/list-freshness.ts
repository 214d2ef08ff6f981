import type { CycleRecord, ListedNode } from './ports';

/**
 * Whether a node list is older than the cycle records (docs/network-data.md, "Freshness"). An
 * archiver's node list carries no cycle and no time (shardeum/archiver src/NodeList.ts signs
 * `{ nodeList }` alone), so a signed list replayed an hour later verifies as well as a fresh one.
 * What it cannot hide is the nodes that left since it was signed: a list that still names a node id
 * the records show leaving (`removed`, `appRemoved`, `apoptosized`), and not joining again after
 * that (`joinedConsensors`), was signed before that record. A list read after the records may be
 * newer than them (it shows later changes too), never older.
 */
export function listPredates(nodes: ListedNode[], records: CycleRecord[]): boolean {
  const left = new Set<string>();
  for (const record of [...records].sort((a, b) => a.counter - b.counter)) {
    for (const { id } of record.joined) if (id !== undefined) left.delete(id);
    for (const id of record.leftIds) left.add(id);
  }
  return left.size > 0 && nodes.some((node) => node.id !== undefined && left.has(node.id));
}
