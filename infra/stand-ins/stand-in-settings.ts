// Options and defaults of the archiver and price stand-in, and how they map onto the simulation.
import type { StandInShape } from './cycle-record';
import { DEFAULT_ACCOUNT, type AccountSettings, type ScheduledChange } from './network-account';
import type { FlagPolicy } from './network-model';
import type { SimulationSettings } from './network-simulation';
import type { StandInPart, StandInPrice } from './stand-in-bodies';
import type { ValidatorRefusal } from './validator-account';

/** What a part of the stand-in does when called. */
export type StandInMode = 'healthy' | 'down' | 'slow' | 'malformed' | 'not-json' | 'oversized' | 'redirect' | 'rate-limited';
/**
 * What one archiver does: a transport mode, signing gone wrong, or signing records that are not the
 * network's (archiver-replies.ts `RecordVariant`: another network's, or cycles of its own making).
 */
export type ArchiverMode = StandInMode | 'bad-signature' | 'foreign-signer' | 'other-network' | 'disagreeing';

export interface StandInNetwork extends Omit<SimulationSettings, 'desired'>, AccountSettings {
  desired?: number;
  /** False: no node-list entry carries `foundationNode` (kept for older tests). */
  foundationFlags: boolean;
  /** Account changes at a cycle ("the reward is cut to 8 SHM/h at cycle C"): listed at once, in force from their cycle. */
  changes?: ScheduledChange[];
}

export interface StandInOptions {
  port?: number;
  /** The address every archiver listens on (default 127.0.0.1). */
  host?: string;
  /** The address the archivers list for each other in /archivers (default 127.0.0.1): a container's own address when `host` is 0.0.0.0. */
  advertisedHost?: string;
  /** How many archivers to start (default 2); #0 listens on `port`, the others on free ports. */
  archivers?: number;
  /** `real` (default): the archiver's own shapes, flags lost after restart; `tidy`: only the fields we use, every flag kept. */
  shape?: StandInShape;
  /** Advance one cycle per `duration` seconds of real time (`npm start`). */
  autoAdvance?: boolean;
  /**
   * The newest cycle at start began about this many seconds ago (default 0, now). A test that then
   * advances by hand that many seconds' worth of cycles replays a stretch of the network that ends
   * about now, so periods and waits lie in the past as an operator's do (the network service's
   * ARCHIVER_MAX_LAG_CYCLES must allow the lag until the replay catches up).
   */
  behindSeconds?: number;
  /** Serve the control routes under /stand-in/ (stand-in-control.ts) on archiver #0, for tests that run the stand-in as a process. */
  control?: boolean;
  /** Behaviour of every part without its own entry in `modes`. */
  mode?: StandInMode;
  modes?: Partial<Record<StandInPart, StandInMode>>;
  /** Per archiver index; a transport mode here wins over `modes` and `mode` for that archiver. */
  archiverModes?: Record<number, ArchiverMode>;
  /**
   * Archiver i signs with (and is listed under) archiver j's key: `{ 2: 0 }` makes #2 share #0's key,
   * as Shardeum's stagenet and testnet archivers share one (shardeum/shardeum-validator scripts/configs).
   */
  sharedKeys?: Record<number, number>;
  /** The URL `/archivers` gives for archiver i instead of its own (a proxy in front of it). */
  listedAt?: Record<number, string>;
  network?: Partial<StandInNetwork>;
  price?: Partial<StandInPrice>;
  /** When set, price calls need it in `x-cg-demo-api-key` or `x-cg-pro-api-key` (else 401). */
  priceApiKey?: string;
  /** What a validator's /account/:address answers instead of the account (validator-account.ts). */
  validatorRefusal?: ValidatorRefusal;
  /** The chain id the JSON-RPC part answers to `eth_chainId` (default 8118, Shardeum mainnet). */
  rpcChainId?: number;
  /** How long a `slow` part waits before answering. */
  slowMs?: number;
  /** Size of an `oversized` reply. */
  oversizedBytes?: number;
  /** `retry-after` of a `rate-limited` reply, seconds. */
  retryAfterSeconds?: number;
}

export const DEFAULT_STAND_IN_NETWORK: StandInNetwork = {
  active: 255,
  foundation: 233,
  standby: 412,
  counter: 258_913,
  duration: 60,
  activePeriodCycles: 240,
  syncCycles: 2,
  historyCycles: 3000,
  seed: 8118,
  foundationFlags: true,
  ...DEFAULT_ACCOUNT,
};

export const DEFAULT_STAND_IN_PRICE: StandInPrice = {
  usd: 0.1172,
  marketCap: 29_182_800,
  volume24h: 1_204_377,
  // Plausible late-2025 exchange rates; tests compare converted figures with these.
  perUsd: { eur: 0.86, gbp: 0.76, inr: 88.5 },
  history: {},
  historyLimitDays: 365,
};

/** Network options that shape the simulated history; changing one rebuilds it. */
const SIMULATION_KEYS = [
  'active',
  'foundation',
  'standby',
  'desired',
  'counter',
  'duration',
  'activePeriodCycles',
  'syncCycles',
  'historyCycles',
  'seed',
  'lostEvery',
] as const satisfies readonly (keyof StandInNetwork)[];

export const changesSimulation = (next: Partial<StandInNetwork> | undefined) =>
  SIMULATION_KEYS.some((key) => next?.[key] !== undefined);

export const flagPolicy = (network: StandInNetwork, shape: StandInShape): FlagPolicy =>
  !network.foundationFlags ? 'none' : shape === 'tidy' ? 'all' : 'keep';

export const accountOf = (n: StandInNetwork): AccountSettings => ({
  rewardUnits: n.rewardUnits,
  stakeUnits: n.stakeUnits,
  nodeRewardIntervalMs: n.nodeRewardIntervalMs,
  stabilityScaleMul: n.stabilityScaleMul,
  stabilityScaleDiv: n.stabilityScaleDiv,
});
