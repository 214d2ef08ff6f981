import type { NodeChange, NodeChangeKind, NodeIncidentKind, NodeState } from '@shm/contracts';
import type { ListedNode } from '../domain/ports';

/** One active period as stored: ISO cycle starts; `end` null while it lasts. */
export interface StoredPeriod {
  start: string;
  end: string | null;
}

/** A cycle a change happened in: its counter and its start (ISO). */
export interface CycleMoment {
  cycle: number;
  at: string;
}

/** What the tracker keeps of one node (one document per public key). */
export interface TrackedNode {
  publicKey: string;
  /** Its node id, from a join record or a node list (standby entries carry none). */
  id?: string;
  state: NodeState;
  /** Start of the cycle it entered its state in (ISO), and that cycle's counter. */
  since: string;
  sinceCycle: number;
  /** Start of the cycle the tracker first saw it in. */
  firstSeen: string;
  /** The last change a record or a list reconciliation made; null for a node only ever seen in a list. */
  lastChange: NodeChangeKind | null;
  /** Oldest first; at most one open (the last). */
  periods: StoredPeriod[];
  /** The last cycle a record named it, its state changed, or (syncing) a list showed it. */
  lastSeenCycle: number;
  /** Events that are not chance, oldest first (domain/node-tallies.ts). Absent on documents stored before the fleet view. */
  incidents?: StoredIncident[];
  /** Times on the standby list, oldest first, at most one open (the last). Absent on documents stored before the fleet view. */
  standbySpans?: StoredPeriod[];
  /** Its shardeum version, from its last standby join request read; absent while none was read (and on documents stored before). */
  version?: string;
}

/** One event that is not chance, with the cycle whose record (or the lists) told it. */
export interface StoredIncident {
  kind: NodeIncidentKind;
  cycle: number;
  at: string;
}

/** The network's selections and standby-node-cycles in one hour of cycle starts (`YYYY-MM-DDTHH`, UTC). */
export interface SelectionBucket {
  hour: string;
  selections: number;
  standbyNodeCycles: number;
}

/** The reward per hour in force from `from` (ISO) until the next segment's `from`. */
export interface RateSegment {
  from: string;
  rewardPerHour: number;
}

/** The tracker's own progress. */
export interface TrackerState {
  /** The newest cycle processed, and its start (ISO). */
  lastCycle: number;
  lastCycleAt: string;
  /** Changes of cycles up to this one are never published: the history read on the first run. */
  quietThrough: number;
  /** Oldest first. */
  rates: RateSegment[];
  /** The observed selection rate's hourly counts, oldest first (absent before the fleet view). */
  selection?: SelectionBucket[];
  /** The newest record's cycle length in seconds (absent before the fleet view; 60 is assumed). */
  cycleSeconds?: number;
  /** The minimum versions every tracked node was checked against already (domain/version-checks.ts), the newest last. */
  minimumsChecked?: string[];
}

/** A minimum version the network watch holds in force or recorded as a change: from `cycle` (null: announced without one). */
export interface MinimumVersion {
  version: string;
  cycle: number | null;
}

/** The network watch's minimum versions (MongoDB, the network service's network_watch and network_param_changes). */
export interface MinimumVersions {
  /** The minimum in force as the watch last held it (its cycle: when first held), and every recorded change of it. */
  read(): Promise<{ inForce: MinimumVersion | null; changes: MinimumVersion[] }>;
}

/** The node states in MongoDB. Writes are whole documents keyed by public key, so a repeated run rewrites the same ones. */
export interface NodeStateStore {
  tracker(): Promise<TrackerState | null>;
  saveTracker(state: TrackerState): Promise<void>;
  /** Every node whose state is not `gone`. */
  current(): Promise<TrackedNode[]>;
  /** The stored nodes among these keys, in any state. */
  byKeys(publicKeys: string[]): Promise<TrackedNode[]>;
  /** The stored nodes with these node ids, in any state. */
  byIds(ids: string[]): Promise<TrackedNode[]>;
  /** Inserts first sightings and replaces changed nodes (a first sighting stored already is replaced). */
  save(nodes: { inserted: TrackedNode[]; updated: TrackedNode[] }): Promise<void>;
  /** Deletes nodes gone since before `before` (ISO); their periods ended when they left, so before it too. */
  pruneGone(before: string): Promise<void>;
}

/** The archiver's node lists as one run read them; a list that could not be read is absent. */
export interface NodeLists {
  active?: ListedNode[];
  syncing?: ListedNode[];
  standby?: ListedNode[];
}

/** Publishes one `nodes.changed` event. */
export type PublishNodeChanges = (event: { cycle: number; at: string; changes: NodeChange[] }) => Promise<void>;

/** Asks for a tracking run up to a newest stored cycle; asking twice for the same cycle starts one run. */
export interface TrackingTrigger {
  track(newestCycle: number): Promise<void>;
}

/** The archivers that agreed on the last poll's final cycle; undefined before any poll (then every archiver is asked). */
export interface AgreeingArchivers {
  set(urls: string[]): Promise<void>;
  get(): Promise<ReadonlySet<string> | undefined>;
}
