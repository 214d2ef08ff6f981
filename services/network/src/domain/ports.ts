import type { HistoryRange, NetworkData, NetworkHistoryReply, ShmPriceReply, WatchedValues } from '@shm/contracts';

/** Node counts of the latest cycle, from whichever source answered. */
export interface CycleCounts {
  active: number;
  standby: number;
  syncing?: number;
  desired?: number;
  counter?: number;
  durationSeconds?: number;
}

/** Reward and stake in SHM, from the network account. */
export interface NetworkEconomics {
  rewardPerHour: number;
  stakeRequired: number;
}

/**
 * What the network watch reads of the network account (data-access/archiver.watch.ts): the watched
 * values in force and the changes listed, each with the cycle it takes effect (null: `next`, which
 * names none).
 */
export interface AccountWatch {
  current: WatchedValues;
  listed: { cycle: number | null; values: WatchedValues }[];
}

/** The network account's parameters, amounts already in whole units (not 1e18 wei-style). */
export interface NetworkAccountParams {
  /** The watch's part of the account, when the reply carried it. */
  watch?: AccountWatch;
  nodeRewardAmountUsd: number;
  /** Milliseconds between reward units. */
  nodeRewardInterval: number;
  stakeRequiredUsd: number;
  stabilityScaleMul: number;
  stabilityScaleDiv: number;
}

/** An archiver the service may ask: its base URL and the public key every reply of it must be signed with. */
export interface ArchiverEndpoint {
  url: string;
  publicKey: string;
}

/** A configured seed: where to ask for the archiver list, and (pinned) the key that list must be signed with. */
export interface ArchiverSeed {
  url: string;
  publicKey?: string;
}

/** A node as the archiver's node lists name it. */
export interface ListedNode {
  publicKey: string;
  id?: string;
  /** `foundationNode` as the list carries it; undefined where the archiver lost or never had it. */
  foundation?: boolean;
}

/**
 * One cycle record (lib-types `P2P.CycleCreatorTypes.CycleData`), reduced to what the service uses.
 * Node ids (`removed`, `lost`, …) are resolved to public keys through the join records.
 */
export interface CycleRecord {
  counter: number;
  /** The record's hash: two archivers that sign the same (counter, marker) describe the same cycle. */
  marker?: string;
  /** The network the record belongs to (lib-types CycleRecord `networkId`). */
  networkId?: string;
  /** Unix seconds. */
  start: number;
  /** Seconds. */
  duration: number;
  active: number;
  standby: number;
  syncing?: number;
  desired?: number;
  mode?: string;
  /** `joinedConsensors`: nodes selected from standby this cycle, with their id and foundation flag. */
  joined: ListedNode[];
  /** `activatedPublicKeys`. */
  activated: string[];
  /**
   * Node ids that left the active set: `removed`, `appRemoved`, `apoptosized`. Not `lost`: a lost
   * node is a suspect that either refutes or shows up in `apoptosized` a cycle later (core src/p2p/Lost.ts).
   */
  leftIds: string[];
  /** `removed` ∪ `appRemoved` (ids): rotated out, or removed by the application. */
  removedIds: string[];
  /** `apoptosized` (ids): left after being lost (or syncing too long), or by itself. */
  apoptosizedIds: string[];
  /** `lost` (ids): reported down; still listed until refuted or apoptosized a cycle later. */
  lostIds: string[];
  /** `refuted` (ids): lost nodes that answered after all. */
  refutedIds: string[];
  /** `standbyAdd[].nodeInfo.publicKey`. */
  standbyAdded: string[];
  /**
   * Public key → `standbyAdd[].appJoinData.version` (the node's shardeum version, as its join request
   * names it), for the requests that carry one; absent on records stored before it was kept.
   */
  standbyVersions?: Record<string, string>;
  /** `standbyRemove` (public keys). */
  standbyRemoved: string[];
}

/**
 * The Shardeum archiver HTTP API (shardeum/archiver src/API.ts). Every reply is checked: signed by
 * the endpoint's own key (`sign.owner` === endpoint.publicKey, signature valid under the Shardus
 * crypto scheme), else the method throws `UntrustedReplyError`; an unusable reply throws too.
 */
export interface ArchiverPort {
  /** `GET /archivers` on a seed: the active archivers it lists (signed by the seed's pinned key, when pinned). */
  archivers(seed: ArchiverSeed): Promise<ArchiverEndpoint[]>;
  /** `GET /cycleinfo/:count`: the latest `count` (≤ 100) cycle records, newest first as the archiver sends them. */
  latestCycles(archiver: ArchiverEndpoint, count: number): Promise<CycleRecord[]>;
  /** `POST /cycleinfo { start, end }` (a request signed with the service's key): at most 101 records. */
  cycleRange(archiver: ArchiverEndpoint, start: number, end: number): Promise<CycleRecord[]>;
  /** `GET /full-nodelist?activeOnly=true`. */
  activeNodes(archiver: ArchiverEndpoint): Promise<ListedNode[]>;
  /** `GET /full-nodelist?standbyOnly=true`. */
  standbyNodes(archiver: ArchiverEndpoint): Promise<ListedNode[]>;
  /** `GET /full-nodelist?syncingOnly=true`: nodes selected from standby and not active yet. */
  syncingNodes(archiver: ArchiverEndpoint): Promise<ListedNode[]>;
  /** `GET /get-network-account?hash=false`. */
  networkAccount(archiver: ArchiverEndpoint): Promise<NetworkAccountParams>;
}

/** A fallback source that reports cycle counts only (JSON-RPC, explorer). */
export interface CycleCountsSource {
  cycleCounts(): Promise<CycleCounts>;
}

export type PriceQuote = Omit<ShmPriceReply, 'stale'>;

export interface PriceFeedPort {
  latest(): Promise<PriceQuote>;
}

export interface SnapshotStore {
  get(): Promise<NetworkData | null>;
  save(snapshot: NetworkData): Promise<void>;
}

export interface StoredPrice {
  quote: PriceQuote;
  /** When we fetched it (ms epoch). */
  fetchedAt: number;
  /** The latest fetch after this one failed. */
  stale: boolean;
}

export interface PriceStore {
  get(): Promise<StoredPrice | null>;
  save(price: StoredPrice): Promise<void>;
  markStale(): Promise<void>;
}

export type PublishNetworkUpdated = (snapshot: NetworkData) => Promise<void>;

/** The outside systems a poll asks: each archiver, the JSON-RPC and explorer fallbacks, the price feed. */
export type PollSource = 'archiver' | 'rpc' | 'explorer' | 'price';

/** Told whether each source asked gave a usable answer (an operator's view of the sources). */
export interface SourceOutcomes {
  record(source: PollSource, ok: boolean): void;
}

/**
 * What the service remembers of the cycle history (MongoDB), so neither an archiver's restart nor
 * ours loses it. Every write is an idempotent upsert (by counter, by public key), so a cycle read
 * twice, or by two replicas, is stored once.
 */
export interface CycleHistoryStore {
  /**
   * Stores the records and remembers each join's node id and foundation flag. Records inside the
   * stored window are stored already (the window is moved only over saved records) and skipped.
   */
  saveCycles(records: CycleRecord[]): Promise<void>;
  /** Remembers the flags a node list carried (entries without a flag are ignored). */
  rememberFlags(nodes: ListedNode[]): Promise<void>;
  /** The remembered foundation flag of each public key that has one. */
  flagsOf(publicKeys: string[]): Promise<Map<string, boolean>>;
  /** Public keys of node ids, as the join records named them. */
  publicKeysOfIds(ids: string[]): Promise<Map<string, string>>;
  /** Stored cycle records with counter ≥ fromCounter, oldest first. */
  cyclesSince(fromCounter: number): Promise<CycleRecord[]>;
  /** The first `limit` stored cycle records with counter ≥ fromCounter, oldest first. */
  cyclesFrom(fromCounter: number, limit: number): Promise<CycleRecord[]>;
  /** The contiguous run of counters read so far (newest and oldest), or null before the first. */
  window(): Promise<{ oldest: number; newest: number } | null>;
  setWindow(window: { oldest: number; newest: number }): Promise<void>;
  /** The foundation count of the last snapshot whose split was known, for sources without one. */
  lastKnownFoundation(): Promise<number | undefined>;
  setLastKnownFoundation(count: number): Promise<void>;
  /** Drops cycle records older than the counter (retention). */
  pruneBefore(counter: number): Promise<void>;
}

/** The network's counts, parameters and price over time (MongoDB), bounded by rollups and retention. */
export interface NetworkHistoryStore {
  /**
   * Records a snapshot and the USD price in the 5-minute bucket of `at`. The first write of a
   * bucket wins (a unique key), so two replicas never write one twice.
   */
  record(snapshot: NetworkData, priceUsd: number | null, at: Date): Promise<void>;
  /** Rolls complete hours of 5-minute buckets up into hourly ones, and drops buckets past retention. */
  rollUp(now: Date): Promise<void>;
  read(range: HistoryRange, now: Date): Promise<NetworkHistoryReply>;
}
