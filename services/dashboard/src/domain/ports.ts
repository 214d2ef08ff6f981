import type { NetworkData, NodeStatus, PortfolioFields, ProfileFields, Scenario, ScenarioSummary } from '@shm/contracts';

/** Every record belongs to one wallet (lower-case) and carries ISO timestamps. */
interface Owned {
  id: string;
  walletAddress: string;
  createdAt: string;
  updatedAt: string;
}

/** A profile as stored; whether it is the default lives in the wallet's default pointer, not here. */
export type ProfileRecord = ProfileFields & Owned;
/** An entry as stored: `nodePublicKey` lower-case, null while unlinked (also for entries kept before linking existed). */
export type PortfolioRecord = Omit<PortfolioFields, 'nodePublicKey'> & { nodePublicKey: string | null } & Owned;

/** The store of one kind of record, always scoped to the owning wallet: another wallet's id is not found. */
export interface OwnedStore<R extends Owned, F> {
  /** Newest first. */
  list(wallet: string): Promise<R[]>;
  get(wallet: string, id: string): Promise<R | null>;
  count(wallet: string): Promise<number>;
  insert(record: R): Promise<void>;
  /** Null when the wallet has no such record. */
  update(wallet: string, id: string, changes: Partial<F>, at: string): Promise<R | null>;
  remove(wallet: string, id: string): Promise<boolean>;
}

export type ProfileStore = OwnedStore<ProfileRecord, ProfileFields> & {
  /** The wallet's most recently updated profile other than `exceptId`. */
  mostRecentlyUpdated(wallet: string, exceptId?: string): Promise<ProfileRecord | null>;
};
/** A linked portfolio entry, as the alerts service asks for the wallets watching a node (internal watchers route). */
export interface LinkedEntry {
  walletAddress: string;
  id: string;
  label?: string;
  nodePublicKey: string;
}

export type PortfolioStore = OwnedStore<PortfolioRecord, PortfolioFields> & {
  /** How many of the wallet's entries are linked to a node. */
  countLinked(wallet: string): Promise<number>;
  /** The id of the wallet's entry linked to `publicKey`, or null. */
  linkedIn(wallet: string, publicKey: string): Promise<string | null>;
  /** Every entry, of any wallet, linked to one of `publicKeys` (lower-case). */
  linkedTo(publicKeys: string[]): Promise<LinkedEntry[]>;
};
export interface ScenarioStore {
  list(wallet: string): Promise<ScenarioSummary[]>;
  get(wallet: string, id: string): Promise<Scenario | null>;
  count(wallet: string): Promise<number>;
  insert(scenario: Scenario): Promise<void>;
  update(wallet: string, id: string, changes: { scenarioName: string }, at: string): Promise<Scenario | null>;
  remove(wallet: string, id: string): Promise<boolean>;
}

/**
 * The one document per wallet that names its default profile. A single-document write is atomic on
 * every MongoDB-wire server, so "exactly one default" holds by construction (docs/dashboard.md).
 */
export interface DefaultProfilePointer {
  get(wallet: string): Promise<string | null>;
  set(wallet: string, profileId: string | null): Promise<void>;
}

/**
 * Serialises one wallet's writes across every replica (a short Redis lock). `held` aborts when the
 * lock is lost (taken by another holder after its lease ran out, or not renewed for a whole lease):
 * work checks it before each write (`held.throwIfAborted()`), so it writes nothing once the lock is
 * known lost, and the call rejects with 503 before the change's record is written (a retry makes the
 * change once). Once that write is made the change is done: steps that would only follow it (moving
 * the default pointer) are left out if the lock is lost, and the work's result is the reply, even if
 * the lock went while its last write was on the way (a 503 would make the client's retry write it twice).
 */
export interface WalletLock {
  run<T>(wallet: string, work: (held: AbortSignal) => Promise<T>): Promise<T>;
}

/** The personalizedDashboard flag as this service last heard it. */
export interface DashboardFlag {
  isOn(): boolean;
}

/** The newest network snapshot seen (`network.updated`), for portfolio performance. */
export interface LiveNetwork {
  current(): NetworkData | undefined;
}

/**
 * The network service's node lookup (POST /api/shardeum-network/nodes): one status per key asked,
 * or null when the service cannot be asked (the client logs why); the portfolio then lists its
 * linked entries without a status.
 */
export interface NodeLookup {
  lookup(publicKeys: string[]): Promise<NodeStatus[] | null>;
}

export type Clock = () => Date;
