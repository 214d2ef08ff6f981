import type { DayPrice, PriceCurrency } from '@shm/contracts';

/*
 * What node money reads (docs/node-money.md). Amounts are bigint wei inside the service; the reply
 * turns them into decimal strings. Times keep the chain's units: node account times in seconds,
 * transaction timestamps and the certificate's expiry in milliseconds.
 */

/** shardeum NodeAccount2 (accountType 9), as read. */
export interface NodeAccountRead {
  nominator: string | null;
  stakeLock: bigint;
  reward: bigint;
  penalty: bigint;
  rewardStartTime: number;
  rewardEndTime: number;
  /** nodeRewardAmountUsd captured at activation, unscaled 1e18 units. */
  rewardRate: bigint;
  /** When it was last staked (ms); absent where the source leaves it out. */
  stakeTimestamp?: number;
  totalReward: bigint;
  totalPenalty: bigint;
  /** nodeAccountStats.history: one `{ b, e }` (seconds) per claimed period, oldest first. */
  history: { b: number; e: number }[];
  /**
   * nodeAccountStats.penaltyHistory; `type` is shardeum's ViolationType (1000 left early, 1001 syncing
   * too long, 1002 double vote, 1003 refuted); `timestamp` in seconds: the violation's own time
   * (nodeDroppedTime, nodeRefutedTime; shardeum src/tx/penalty/transaction.ts isProcessedPenaltyTx).
   */
  penaltyHistory: { type: number; amount: bigint; timestamp: number }[];
}

/** The operatorAccountInfo of a wallet's EVM account; null fields as the chain leaves them after an unstake. */
export interface OperatorAccountRead {
  address: string;
  stake: bigint;
  nominee: string | null;
  certExp: number | null;
  /** operatorStats; absent where the source leaves them out. */
  stats?: { totalNodeReward: bigint; totalNodePenalty: bigint; totalNodeTime: number; totalUnstakeReward: bigint; unstakeCount: number };
}

/** The network account's current terms (NetworkAccount.current). */
export interface NetworkTermsRead {
  rewardUnits: bigint;
  rewardIntervalMs: number;
  stabilityScaleMul: number;
  stabilityScaleDiv: number;
}

/** The node's stake, claim-reward, penalty and unstake transactions (explorer only), each list oldest first. */
export interface ChainTransactions {
  /** StakeReceipts naming the node as nominee; `at` ms. */
  stakes: { at: number; nominator: string; amount: bigint; txHash: string }[];
  /** ClaimReward receipts: the chain's `rewardAmount` and the internal tx's `nodeDeactivatedTime` (s). */
  claims: { at: number; nodeDeactivatedTime: number; rewardAmount: bigint; txHash: string }[];
  /** Penalty receipts: `penaltyAmount` and the violation type. */
  penalties: { at: number; violation: number; amount: bigint; txHash: string }[];
  /** UnstakeReceipts: the receipt's stakeInfo and its fee (`amountSpent`). */
  unstakes: { at: number; stake: bigint; reward: bigint; penalty: bigint; fee: bigint; txHash: string }[];
}

export interface ChainAccountsRead {
  /** null: the chain has no node account for the key (never staked). */
  node: NodeAccountRead | null;
  /** The operator account of the wallet asked for (else the node's nominator); null when it has none. */
  operator: OperatorAccountRead | null;
  network: NetworkTermsRead;
  /** null when the source cannot list transactions (a validator's account route). */
  transactions: ChainTransactions | null;
}

/** One place the chain's accounts can be read; throws (with a message fit for a visitor) when it cannot answer. */
export interface ChainAccountSource {
  name: 'explorer' | 'validator';
  read(publicKey: string, wallet: string | undefined): Promise<ChainAccountsRead>;
}

/** Day prices in a currency: the product's own history first, then the price API's history (cached). */
export interface DayPriceSource {
  /** One entry per day asked (YYYY-MM-DD, UTC); a day with no price answers `{ price: null, source: 'none' }`. */
  prices(days: string[], currency: PriceCurrency): Promise<Map<string, DayPrice>>;
}

/** Where the product's own USD price history is read (network_history buckets): the last price seen in each UTC day. */
export interface OwnPriceHistory {
  lastPricePerDay(fromDay: string, toDay: string): Promise<Map<string, number>>;
}

/** CoinGecko `/coins/{id}/market_chart/range` as `[ms, price]` points. */
export interface PriceHistoryFeed {
  range(currency: PriceCurrency, fromMs: number, toMs: number): Promise<[number, number][]>;
}

/** Day prices already fetched from the price API (MongoDB); a past day's price never changes. */
export interface DayPriceCache {
  get(currency: PriceCurrency, days: string[]): Promise<Map<string, number>>;
  save(currency: PriceCurrency, prices: Map<string, number>): Promise<void>;
}

