// Cycle records of the simulated network in the shape of shardeum/lib-types 3684197
// src/p2p/CycleCreatorTypes.ts (CycleData = CycleRecord + marker + certificate, every module's
// Record), JoinTypes.ts (JoinedConsensor, JoinRequest) and P2PTypes.ts (P2PNode); the field list
// the archiver checks is its validateCycleData (shardeum/archiver 3011bac src/Data/Cycles.ts).
// Hashes that nothing here verifies are plausible placeholders.
import { createHash } from 'node:crypto';
import type { CycleEvents, SimNode } from './network-simulation';

export type StandInShape = 'real' | 'tidy';

const hex = (text: string) => createHash('sha256').update(text).digest('hex');
/** The `networkId` every record of the stand-in's network carries (a hash, as the real one is). */
export const STAND_IN_NETWORK_ID = hex('shardeum-stand-in-network');
/** Another network's id: what an `other-network` archiver's records carry (a testnet answering for mainnet). */
export const OTHER_NETWORK_ID = hex('shardeum-stand-in-other-network');
const CONFIG_HASH = hex('network-config');
const ARCHIVER_LIST_HASH = hex('archivers');
const TX_LIST_HASH = hex('txlist');
const CERT_SIGNER = hex('cert-signer');
/** A different-looking 64-hex placeholder derived from a hash without hashing again. */
const variant = (hash: string, shift: number) => hash.slice(shift) + hash.slice(0, shift);

function p2pNode(node: SimNode, start: number) {
  return {
    publicKey: node.publicKey,
    externalIp: node.externalIp,
    externalPort: node.externalPort,
    internalIp: node.internalIp,
    internalPort: node.internalPort,
    address: node.publicKey,
    joinRequestTimestamp: start,
    activeTimestamp: 0,
    activeCycle: 0,
    syncingTimestamp: 0,
    readyTimestamp: 0,
  };
}

function joinedConsensor(node: SimNode, events: CycleEvents, previous: string, shape: StandInShape) {
  const common = {
    id: node.id,
    publicKey: node.publicKey,
    externalIp: node.externalIp,
    externalPort: node.externalPort,
    cycleJoined: previous,
    foundationNode: node.foundation,
  };
  if (shape === 'tidy') return common;
  return {
    ...p2pNode(node, events.start),
    ...common,
    internalIp: node.internalIp,
    internalPort: node.internalPort,
    syncingTimestamp: events.start,
    counterRefreshed: events.counter,
  };
}

/** The shardeum version a join request names unless a scripted node sets its own (shardeum getJoinData: its package version). */
const JOIN_VERSION = '1.16.3';

function joinRequest(node: SimNode, events: CycleEvents, previous: string, shape: StandInShape) {
  if (shape === 'tidy') {
    return { nodeInfo: { publicKey: node.publicKey, externalIp: node.externalIp, externalPort: node.externalPort }, appJoinData: { version: node.version ?? JOIN_VERSION } };
  }
  return {
    nodeInfo: p2pNode(node, events.start),
    selectionNum: variant(node.publicKey, 7),
    cycleMarker: previous,
    proofOfWork: '',
    version: '1.16.3',
    sign: { owner: node.publicKey, sig: variant(node.publicKey, 13).repeat(3) },
    appJoinData: { version: node.version ?? JOIN_VERSION, stakeCert: null, adminCert: null, mustUseAdminCert: false },
  };
}

/** One cycle record; `previous` is the marker of the record before it. */
export function cycleRecord(events: CycleEvents, previous: string, duration: number, shape: StandInShape): CycleRecord {
  const ids = (nodes: SimNode[]) => nodes.map((node) => node.id);
  // The real marker hashes the whole record; a hash of what changed is as unique and far cheaper.
  const marker = hex(`${previous}:${events.counter}:${ids(events.joined).join()}:${ids(events.activated).join()}:${ids(events.removed).join()}`);
  const certificate = { marker, score: 1, sign: { owner: CERT_SIGNER, sig: variant(marker, 5).repeat(2) + marker } };
  const joinedConsensors = events.joined.map((node) => joinedConsensor(node, events, previous, shape));
  const standbyAdd = events.standbyAdd.map((node) => joinRequest(node, events, previous, shape));
  const activated = ids(events.activated);
  const activatedPublicKeys = events.activated.map((node) => node.publicKey);
  const removed = ids(events.removed);
  // Lost, refuted and apoptosized hold node ids, standbyRemove public keys (lib-types LostTypes.ts, JoinTypes.ts).
  const lost = ids(events.lost);
  const refuted = ids(events.refuted);
  const apoptosized = ids(events.apoptosized);
  const standbyRemove = events.standbyRemove.map((node) => node.publicKey);
  const { counter, start, active, standby, syncing, desired } = events;
  if (shape === 'tidy') {
    // One literal per shape: spreading dozens of fields into a copy costs more than the rest together.
    return { networkId: STAND_IN_NETWORK_ID, counter, start, duration, previous, marker, mode: 'processing', active, standby, syncing, desired, target: desired,
      joinedConsensors, standbyAdd, standbyRemove, activated, activatedPublicKeys, removed, lost, refuted, apoptosized, appRemoved: [] };
  }
  return {
    networkId: STAND_IN_NETWORK_ID,
    counter,
    previous,
    start,
    duration,
    networkConfigHash: CONFIG_HASH,
    mode: 'processing',
    safetyMode: false,
    safetyNum: 0,
    networkStateHash: variant(marker, 3),
    refreshedArchivers: [],
    refreshedConsensors: [],
    joinedArchivers: [],
    leavingArchivers: [],
    syncing,
    joinedConsensors,
    standbyAdd,
    standbyRemove,
    startedSyncing: ids(events.joined),
    lostAfterSelection: [],
    finishedSyncing: activated,
    standbyRefresh: [],
    active,
    standby,
    activated,
    activatedPublicKeys,
    maxSyncTime: 1200,
    apoptosized,
    lost,
    lostSyncing: [],
    refuted,
    appRemoved: [],
    expired: removed.length,
    removed,
    joined: [],
    returned: [],
    networkDataHash: [],
    networkReceiptHash: [],
    networkSummaryHash: [],
    desired,
    target: desired,
    nodeListHash: variant(marker, 11),
    archiverListHash: ARCHIVER_LIST_HASH,
    standbyNodeListHash: variant(marker, 17),
    lostArchivers: [],
    refutedArchivers: [],
    removedArchivers: [],
    random: counter % 1000,
    txadd: [],
    txremove: [],
    txlisthash: TX_LIST_HASH,
    marker,
    certificate,
  };
}

/** A record as the stand-in keeps it; the tidy shape has a subset of these fields. */
export type CycleRecord = {
  counter: number;
  start: number;
  duration: number;
  marker: string;
  active: number;
  standby: number;
  syncing: number;
  joinedConsensors: { id: string; publicKey: string; foundationNode: boolean }[];
  removed: string[];
  activated: string[];
} & Record<string, unknown>;

export const GENESIS_PREVIOUS = '0'.repeat(64);
