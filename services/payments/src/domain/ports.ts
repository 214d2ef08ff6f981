import type { PaymentRefusalReason, PaymentStatus } from '@shm/contracts';

/** initiated → submitted (hash reported) → verifying (worker checking) → confirmed | failed. */
export type IntentStatus = 'initiated' | 'submitted' | 'verifying' | 'confirmed' | 'failed';

/** A payment session: what one transaction must look like to pay for access. */
export interface PaymentIntent {
  id: string;
  /** Lower-case address of the signed-in wallet that started it. */
  wallet: string;
  chainId: number;
  recipient: string;
  amountWei: bigint;
  status: IntentStatus;
  txHash?: string;
  createdAt: Date;
  submittedAt?: Date;
  /** The last problem seen (while verifying) or the refusal (when failed). */
  reason?: PaymentRefusalReason;
  error?: string;
  canRetry?: boolean;
}

/** An intent whose transaction was reported (submitted or verifying). */
export type PendingIntent = PaymentIntent & { txHash: string };

/** A transaction accepted as payment; the store refuses a second one with the same chain and hash. */
export interface PaymentRecord {
  chainId: number;
  txHash: string;
  wallet: string;
  sessionId: string;
  amountWei: bigint;
  blockNumber: number;
  minedAt: Date;
}

export interface AccessGrant {
  sessionId: string;
  wallet: string;
  txHash: string;
  grantedAt: Date;
  expiresAt: Date;
  revoked: boolean;
  /**
   * When the reorg guard first found the grant's transaction missing, with no read finding it since
   * (unset while it is found).
   */
  absentSince?: Date;
}

export interface IntentStore {
  create(intent: PaymentIntent): Promise<void>;
  get(id: string): Promise<PaymentIntent | null>;
  /** The wallet's intent that this transaction was reported for. */
  forTransaction(wallet: string, txHash: string): Promise<PaymentIntent | null>;
  /** The wallet's newest intent with no transaction yet. */
  latestOpen(wallet: string): Promise<PaymentIntent | null>;
  /** How many of the wallet's intents have no transaction yet. */
  countOpen(wallet: string): Promise<number>;
  latest(wallet: string): Promise<PaymentIntent | null>;
  /** Intents with a reported transaction still being verified. */
  pending(wallet: string): Promise<PendingIntent[]>;
  update(id: string, changes: Partial<Omit<PaymentIntent, 'id' | 'wallet'>>): Promise<void>;
}

export interface PaymentStore {
  /** 'duplicate' when this chain and hash were recorded before (by anyone): the unique index decides. */
  record(payment: PaymentRecord, at: Date): Promise<'recorded' | 'duplicate'>;
  byTransaction(chainId: number, txHash: string): Promise<PaymentRecord | null>;
  /** Forgets an accepted payment whose transaction left the canonical chain, so it can be verified again. */
  forget(chainId: number, txHash: string): Promise<void>;
}

export interface GrantStore {
  /** Stores the grant of a session, or returns the one stored before (a re-run changes nothing). */
  grant(grant: AccessGrant): Promise<AccessGrant>;
  /** The wallet's unrevoked grant that lasts longest, if it has not expired at `now`. */
  current(wallet: string, now: Date): Promise<AccessGrant | null>;
  bySession(sessionId: string): Promise<AccessGrant | null>;
  revokeAll(wallet: string, at: Date): Promise<number>;
  /**
   * The grants the reorg guard still re-reads: unrevoked, not expired at `now`, and not settled
   * (oldest first, at most 1000 a round).
   */
  unsettled(now: Date): Promise<AccessGrant[]>;
  /** Marks a grant whose transaction was seen mined after its reconciliation window closed: never re-read again. */
  settle(sessionId: string, at: Date): Promise<void>;
  /** Notes that the grant's transaction was not found at `at`, unless an earlier miss is noted already. */
  markAbsent(sessionId: string, at: Date): Promise<void>;
  /** Clears a noted miss: the transaction was found again. */
  markFound(sessionId: string): Promise<void>;
  /** Removes a grant whose payment left the canonical chain (a later confirmation may grant it again). */
  forget(sessionId: string): Promise<void>;
}

export interface WalletStore {
  seen(wallet: string, at: Date): Promise<void>;
}

export interface ChainTransaction {
  hash: string;
  from: string;
  to: string | null;
  valueWei: bigint;
  /** EIP-155 chain id the transaction was signed for; null for a pre-EIP-155 (replayable) one. */
  chainId: bigint | null;
  blockNumber: number | null;
}

export interface ChainReceipt {
  status: number | null;
  blockNumber: number;
}

/** What the chain says about one transaction, read at one moment. */
export interface ChainObservation {
  rpcChainId: bigint;
  tx: ChainTransaction | null;
  receipt: ChainReceipt | null;
  latestBlock: number;
  /** Seconds since the epoch of the block that mined the transaction. */
  blockTimestamp: number | null;
}

/** An observation checkPayment passed: the transaction, its receipt and its block's time are all known. */
export interface ConfirmedObservation extends ChainObservation {
  tx: ChainTransaction;
  receipt: ChainReceipt;
  blockTimestamp: number;
}

export interface ChainReader {
  /** Throws ChainUnavailableError when the RPC fails or times out. */
  observe(txHash: string): Promise<ChainObservation>;
}

export class ChainUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`chain RPC failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ChainUnavailableError';
  }
}

export interface VerificationJob {
  sessionId: string;
  txHash: string;
  wallet: string;
}

export interface VerificationQueue {
  /** Queues a check once per (transaction, wallet); a finished job is queued afresh. */
  enqueue(job: VerificationJob): Promise<void>;
  /** True while the job waits, runs or waits for a retry. */
  isQueued(job: VerificationJob): Promise<boolean>;
}

/** Tells listeners of a wallet (the SSE streams) its new payment status. */
export interface StatusPublisher {
  publish(status: PaymentStatus): Promise<void>;
}

/** Durable facts for other services (Redis Streams). */
export interface PaymentEvents {
  confirmed(grant: AccessGrant, payment: PaymentRecord): Promise<void>;
  revoked(wallet: string, at: Date): Promise<void>;
}

export type Clock = () => Date;

export type StatusListener = (status: PaymentStatus) => void;

/** Each wallet's payment statuses as they are published, for its open event streams. */
export interface StatusHub {
  subscribe(wallet: string, listener: StatusListener): () => void;
  close(): Promise<void>;
}
