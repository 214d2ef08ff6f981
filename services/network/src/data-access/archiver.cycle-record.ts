import type { CycleRecord } from '../domain/ports';
import type { RawCycleRecord } from './archiver.schemas';

const optional = <K extends string, V>(name: K, value: V | undefined) => (value === undefined ? {} : ({ [name]: value } as Record<K, V>));

/**
 * Which ids count as having left the active set. Read at shardeum/core 1a76da4 and shardeum/archiver
 * 3011bac (all these lists hold node ids, not public keys):
 * - `removed` (rotation, core src/p2p/Rotation.ts), `appRemoved` and `apoptosized` are what both
 *   core's parsers and the archiver's own `CycleParser.parseRecord` remove from the node list.
 * - `lost` is left out: a lost node is only a suspect. Core's Lost.ts `updateRecord` moves the
 *   previous cycle's `lost`, minus the ids `refuted` since, into `apoptosized` of the next cycle, so
 *   counting `lost` too would count a departure twice, or count one that was refuted. With `lost`
 *   out, `refuted` has nothing left to cancel.
 * - `lostAfterSelection` (lib-types JoinTypes.ts) is left out: those nodes were selected from standby
 *   but never started syncing (core src/p2p/Join/index.ts), so they never were in the active set.
 * - core writes `removed: ['all']` when the whole network is removed (CycleChain.ts); that is no id.
 */
function leftIds(raw: RawCycleRecord): string[] {
  return idsOf(raw.removed, raw.appRemoved, raw.apoptosized);
}

/** The distinct node ids of the lists, without core's `'all'` marker. */
function idsOf(...lists: string[][]): string[] {
  const ids = new Set(lists.flat());
  ids.delete('all');
  return [...ids];
}

/**
 * The shardeum version of each standby join request that names one: `appJoinData.version`
 * (lib-types JoinTypes.ts `JoinRequest.appJoinData`, filled by shardeum c08fc1e src/index.ts
 * `getJoinData` with its package version; `validateJoinRequest` checks it against `minVersion`).
 * The request's own top-level `version` is core's, not shardeum's, and is not read.
 */
/** A version as a join request may carry it: up to 32 letters, digits, dots, `+` and `-`; anything else is not kept. */
const isVersionText = (value: unknown): value is string => typeof value === 'string' && /^[0-9A-Za-z.+-]{1,32}$/.test(value);

function standbyVersions(raw: RawCycleRecord): Record<string, string> | undefined {
  const versions = raw.standbyAdd.flatMap((request) => {
    const version = (request.appJoinData as { version?: unknown } | null | undefined)?.version;
    return isVersionText(version) ? [[request.nodeInfo.publicKey, version] as const] : [];
  });
  return versions.length ? Object.fromEntries(versions) : undefined;
}

/** A cycle record as the archiver sends it, reduced to the port's `CycleRecord`. */
export function toCycleRecord(raw: RawCycleRecord): CycleRecord {
  return {
    counter: raw.counter,
    ...(raw.marker === undefined ? {} : { marker: raw.marker }),
    ...(raw.networkId === undefined ? {} : { networkId: raw.networkId }),
    start: raw.start,
    duration: raw.duration,
    active: raw.active,
    standby: raw.standby,
    ...(raw.syncing === undefined ? {} : { syncing: raw.syncing }),
    ...(raw.desired === undefined ? {} : { desired: raw.desired }),
    ...(raw.mode === undefined ? {} : { mode: raw.mode }),
    joined: raw.joinedConsensors.map((node) => ({
      publicKey: node.publicKey,
      id: node.id,
      ...(node.foundationNode === undefined ? {} : { foundation: node.foundationNode }),
    })),
    activated: raw.activatedPublicKeys,
    leftIds: leftIds(raw),
    // The node tracker keeps the kinds apart (lost and refuted are not departures; see above).
    removedIds: idsOf(raw.removed, raw.appRemoved),
    apoptosizedIds: idsOf(raw.apoptosized),
    lostIds: idsOf(raw.lost),
    refutedIds: idsOf(raw.refuted),
    standbyAdded: raw.standbyAdd.map((request) => request.nodeInfo.publicKey),
    standbyRemoved: raw.standbyRemove,
    ...optional('standbyVersions', standbyVersions(raw)),
  };
}
