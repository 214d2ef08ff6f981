import type { NodeState } from '@shm/contracts';
import type { Ledger } from './node-ledger';
import { isBelowMinimum, isEqualOrNewerVersion } from './versions';
import type { CycleMoment, MinimumVersion, TrackedNode } from '../ports';
import type { CycleRecord } from '../../domain/ports';

/** The network watch's minimums as one run reads them (ports.ts `MinimumVersions`). */
export interface Minimums {
  inForce: MinimumVersion | null;
  changes: MinimumVersion[];
}

/** The states whose nodes the network will refuse: standby (dropped at its refresh), syncing and active (refused at the next join). */
const CHECKED: readonly NodeState[] = ['standby', 'syncing', 'active'];
/** Minimums remembered as checked; far more than a network announces in the retention. */
const CHECKED_KEPT = 50;

/** Told once per minimum and node, whichever run, replica or retry finds it. */
export const versionChangeId = (minimum: string, publicKey: string) => `${minimum}:${publicKey}:version-below-minimum`;

/** Remembers the versions a record's standby join requests name; answers the keys it named (they are checked at the end of the run). */
export function noteVersions(ledger: Ledger, record: CycleRecord, moment: CycleMoment, joined: Map<string, CycleMoment>): void {
  for (const [publicKey, version] of Object.entries(record.standbyVersions ?? {})) {
    const node = ledger.nodes.get(publicKey);
    if (!node) continue;
    if (node.version !== version) {
      node.version = version;
      if (!ledger.inserted.has(publicKey)) ledger.updated.add(publicKey);
    }
    joined.set(publicKey, moment);
  }
}

/**
 * The minimums that bite from `cycle` on: the one in force and those announced for a later cycle (or
 * for none named). A recorded change whose cycle has passed is what is in force, or was replaced.
 */
function applicable(minimums: Minimums, cycle: number): (MinimumVersion & { inForce: boolean })[] {
  const announced = minimums.changes.filter((change) => change.cycle === null || change.cycle > cycle);
  return [...(minimums.inForce ? [{ ...minimums.inForce, inForce: true }] : []), ...announced.map((change) => ({ ...change, inForce: false }))];
}

/**
 * Nodes below the network's minimum version (docs/network-data.md, "Node tracking"), found at the end
 * of a run against the strictest minimum that bites: every node that joined standby in this run's
 * records, and, when a minimum not checked before appeared (in force or announced), every tracked
 * node in standby, syncing or active whose version is known. The run holds every node not gone in
 * memory already, so a new minimum costs one pass over them and no query. A node is told once per
 * minimum (`<minimum>:<publicKey>:version-below-minimum`); its state stays. Answers the minimums
 * checked now, to save with the tracker.
 */
export function checkVersions(ledger: Ledger, minimums: Minimums, joined: Map<string, CycleMoment>, runMoment: CycleMoment, checked: string[]): string[] {
  const biting = applicable(minimums, runMoment.cycle);
  const strictest = biting.reduce<(typeof biting)[number] | undefined>((max, m) => (!max || !isEqualOrNewerVersion(m.version, max.version) ? m : max), undefined);
  if (!strictest) return checked;
  const fresh = biting.filter((m) => !checked.includes(m.version));
  const targets: [TrackedNode, CycleMoment][] = fresh.length
    ? [...ledger.nodes.values()].map((node) => [node, joined.get(node.publicKey) ?? runMoment])
    : [...joined].flatMap(([key, moment]) => {
        const node = ledger.nodes.get(key);
        return node ? [[node, moment] as [TrackedNode, CycleMoment]] : [];
      });
  const told = new Set(ledger.changes.map((change) => change.id));
  const minimum = { version: strictest.version, cycle: strictest.cycle, inForce: strictest.inForce };
  for (const [node, moment] of targets) {
    if (!node.version || !CHECKED.includes(node.state) || !isBelowMinimum(node.version, strictest.version)) continue;
    const id = versionChangeId(strictest.version, node.publicKey);
    if (told.has(id)) continue;
    told.add(id);
    const { publicKey, state, version } = node;
    ledger.changes.push({ id, publicKey, kind: 'version-below-minimum', from: state, to: state, cycle: moment.cycle, at: moment.at, version, minimum });
  }
  return [...checked.filter((version) => !fresh.some((m) => m.version === version)), ...new Set(fresh.map((m) => m.version))].slice(-CHECKED_KEPT);
}
