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

/** The standby joins of a run: when each node joined last, and the version it had before its first join of the run. */
export interface RunJoins {
  at: Map<string, CycleMoment>;
  before: Map<string, string | undefined>;
}
export const emptyJoins = (): RunJoins => ({ at: new Map(), before: new Map() });

/** Remembers the versions a record's standby join requests name, and which keys joined (they are checked at the end of the run). */
export function noteVersions(ledger: Ledger, record: CycleRecord, moment: CycleMoment, joined: RunJoins): void {
  for (const [publicKey, version] of Object.entries(record.standbyVersions ?? {})) {
    const node = ledger.nodes.get(publicKey);
    if (!node) continue;
    if (!joined.before.has(publicKey)) joined.before.set(publicKey, node.version);
    if (node.version !== version) {
      node.version = version;
      if (!ledger.inserted.has(publicKey)) ledger.updated.add(publicKey);
    }
    joined.at.set(publicKey, moment);
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
 * minimum (`<minimum>:<publicKey>:version-below-minimum`); its state stays. A node that joined at or
 * above it, whose version before was below it, has updated: `version-updated`, the problem's end (no
 * state is kept for it: the version before the join says so). Answers the minimums checked now, to
 * save with the tracker.
 */
export function checkVersions(ledger: Ledger, minimums: Minimums, joined: RunJoins, runMoment: CycleMoment, checked: string[]): string[] {
  const biting = applicable(minimums, runMoment.cycle);
  const strictest = biting.reduce<(typeof biting)[number] | undefined>((max, m) => (!max || !isEqualOrNewerVersion(m.version, max.version) ? m : max), undefined);
  if (!strictest) return checked;
  const fresh = biting.filter((m) => !checked.includes(m.version));
  const targets: [TrackedNode, CycleMoment][] = fresh.length
    ? [...ledger.nodes.values()].map((node) => [node, joined.at.get(node.publicKey) ?? runMoment])
    : [...joined.at].flatMap(([key, moment]) => {
        const node = ledger.nodes.get(key);
        return node ? [[node, moment] as [TrackedNode, CycleMoment]] : [];
      });
  const told = new Set(ledger.changes.map((change) => change.id));
  const minimum = { version: strictest.version, cycle: strictest.cycle, inForce: strictest.inForce };
  for (const [node, moment] of targets) {
    if (!node.version || !CHECKED.includes(node.state)) continue;
    const below = isBelowMinimum(node.version, strictest.version);
    const before = joined.before.get(node.publicKey);
    const updated = !below && joined.at.has(node.publicKey) && before !== undefined && isBelowMinimum(before, strictest.version);
    if (!below && !updated) continue;
    const kind = below ? 'version-below-minimum' : 'version-updated';
    const id = below ? versionChangeId(strictest.version, node.publicKey) : `${strictest.version}:${node.publicKey}:version-updated`;
    if (told.has(id)) continue;
    told.add(id);
    const { publicKey, state, version } = node;
    ledger.changes.push({ id, publicKey, kind, from: state, to: state, cycle: moment.cycle, at: moment.at, version, minimum });
  }
  return [...checked.filter((version) => !fresh.some((m) => m.version === version)), ...new Set(fresh.map((m) => m.version))].slice(-CHECKED_KEPT);
}
