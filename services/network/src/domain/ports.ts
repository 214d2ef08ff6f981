import type { NetworkData, ShmPriceReply } from '@shm/contracts';

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

/** The network account's parameters, amounts already in whole units (not 1e18 wei-style). */
export interface NetworkAccountParams {
  nodeRewardAmountUsd: number;
  /** Milliseconds between reward units. */
  nodeRewardInterval: number;
  stakeRequiredUsd: number;
  stabilityScaleMul: number;
  stabilityScaleDiv: number;
}

/** One Shardeum archiver, addressed by its base URL. Every method throws when the reply is unusable. */
export interface ArchiverPort {
  cycleCounts(baseUrl: string): Promise<CycleCounts>;
  /** The `foundationNode` flag of every active node (undefined where the archiver does not say). */
  activeNodeFlags(baseUrl: string): Promise<(boolean | undefined)[]>;
  standbyCount(baseUrl: string): Promise<number>;
  networkAccount(baseUrl: string): Promise<NetworkAccountParams>;
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

/** A lock shared by every replica: true for the one caller that got it, until it expires. */
export interface RefreshLock {
  tryAcquire(ttlMs: number): Promise<boolean>;
}

/** Starts a network poll now and waits (at most waitMs) for it to finish. */
export interface PollTrigger {
  pollNow(waitMs: number): Promise<void>;
}

export type PublishNetworkUpdated = (snapshot: NetworkData) => Promise<void>;

/** The outside systems a poll asks: each archiver, the JSON-RPC and explorer fallbacks, the price feed. */
export type PollSource = 'archiver' | 'rpc' | 'explorer' | 'price';

/** Told whether each source asked gave a usable answer (an operator's view of the sources). */
export interface SourceOutcomes {
  record(source: PollSource, ok: boolean): void;
}
