import type { AlertChannel, AlertPhase, AlertTrigger, Delivery, NodeChange, Notification } from '@shm/contracts';
import type { EpisodeRules, EpisodeState } from './episodes';
import type { PenaltyRecord, PenaltyRules } from './penalty-rules';
import type { StuckRules } from './stuck-active';

/** A destination as stored: the full URL (Discord and Telegram URLs carry secrets) stays on the server. */
export interface AlertDestinationRecord {
  id: string;
  walletAddress: string;
  channel: AlertChannel;
  label: string;
  url: string;
  chatId: string | null;
  /**
   * A webhook's signing secret (`whsec_…`, Standard Webhooks), stored as it is: the service has no key
   * to encrypt it with (docs/security.md). null for Discord and Telegram, and for a webhook added
   * before signing until its secret is rotated: its deliveries go unsigned.
   */
  secret: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What one alert says, whatever the channel: the sender shapes it into the channel's body. */
export interface AlertContent {
  type: 'node.changed' | 'network.changed' | 'test';
  /** null for a test alert and a network change (notify-network-change.ts). */
  change: NodeChange | null;
  nodeLabel: string;
  message: string;
  /** Where it stands in its episode (docs/alerts.md, "Episodes"); absent for a test alert. */
  phase?: AlertPhase;
  trigger?: AlertTrigger;
  episodeId?: string | null;
  at: string;
}

export type NotificationRecord = Notification & { walletAddress: string };
export type DeliveryRecord = Delivery & { walletAddress: string; alert: AlertContent };

export interface DestinationStore {
  list(wallet: string): Promise<AlertDestinationRecord[]>;
  /** The destinations of each of these wallets (none: an empty list), newest first, in one read: an event that tells many wallets. */
  ofWallets(wallets: string[]): Promise<Map<string, AlertDestinationRecord[]>>;
  get(wallet: string, id: string): Promise<AlertDestinationRecord | null>;
  count(wallet: string): Promise<number>;
  insert(record: AlertDestinationRecord): Promise<void>;
  remove(wallet: string, id: string): Promise<boolean>;
  /** Replaces the secret; false when no such destination of this wallet. */
  setSecret(wallet: string, id: string, secret: string, at: string): Promise<boolean>;
}

/** Inserts are idempotent: an id already stored is left as it is and answers false. */
export interface NotificationStore {
  insert(record: NotificationRecord): Promise<boolean>;
  /** Newest first. */
  latest(wallet: string, limit: number): Promise<NotificationRecord[]>;
}

export interface DeliveryStore {
  /** False when a delivery with this id exists already (the same change handled again). */
  insert(record: DeliveryRecord): Promise<boolean>;
  get(id: string): Promise<DeliveryRecord | null>;
  /** Newest first. */
  latest(wallet: string, limit: number): Promise<DeliveryRecord[]>;
  /** One finished attempt: counts it and sets the status, unless the delivery is already delivered or dead. */
  recordAttempt(id: string, outcome: { status: 'delivered' | 'retrying' | 'dead'; error: string | null; at: string }): Promise<void>;
  /** Dead-letters a delivery the queue gave up on without a last attempt of ours (it stalled too often). */
  markDead(id: string, error: string, at: string): Promise<void>;
  removeForDestination(wallet: string, destinationId: string): Promise<void>;
}

/**
 * Each node and wallet's episode state (docs/alerts.md, "Episodes"). It is saved after the alerts it
 * decided are stored, so a crash in between decides the same again and their ids drop the repeat.
 */
export interface EpisodeStore {
  get(publicKey: string, wallet: string): Promise<EpisodeState | null>;
  /** The states of many node and wallet pairs at once (one query per event), keyed `<publicKey>:<wallet>`; pairs without one are absent. */
  getMany(pairs: { publicKey: string; wallet: string }[]): Promise<Map<string, EpisodeState>>;
  save(publicKey: string, wallet: string, state: EpisodeState): Promise<void>;
  /** Open episodes whose next reminder is due at `now`. */
  due(now: Date): Promise<{ publicKey: string; wallet: string; state: EpisodeState }[]>;
}

/**
 * Which nodes are active since which cycle, and the lengths of the periods seen to end, for the
 * stuck-active trigger (stuck-active.ts). Every write is keyed by a change id or a key, so a replay
 * changes nothing.
 */
export interface ActivityStore {
  /** A node went active: its activation change (kept until it leaves). */
  started(change: NodeChange): Promise<void>;
  /** A node left the active set after `cycles` cycles (`id`: the departure's change id). */
  ended(publicKey: string, period: { id: string; cycles: number; cycle: number }): Promise<void>;
  /** The newest `limit` period lengths, in cycles. */
  recentLengths(limit: number): Promise<number[]>;
  /** Activations of nodes still active that entered at or before `cycle` and were not yet found stuck. */
  activeSince(cycle: number): Promise<NodeChange[]>;
  /** Found stuck: not looked at again while this period lasts. */
  markStuck(publicKey: string): Promise<void>;
}

/** What the network service knows of a node's money (its node lookup, POST /api/shardeum-network/nodes). */
export interface NodeMoney {
  /**
   * SHM earned by the active period of `publicKey` that ended at `endedAt` (the cycle's start); null
   * when the lookup does not answer it in time (the network service is away or has not saved it yet).
   */
  periodEarned(publicKey: string, endedAt: string): Promise<number | null>;
}

/** A node's penalties as the chain records them (the network service's GET /api/shardeum-network/nodes/:publicKey/money). */
export interface NodePenalties {
  /** Oldest first; null when they cannot be read now (the network service away or off its contract, the node's accounts unreadable). */
  of(publicKey: string): Promise<PenaltyRecord[] | null>;
}

/**
 * Which incident's checks tell a penalty (`alert_penalties`, one document per transaction hash): the
 * first to claim it. Another incident of the same node finding it within its slack leaves it alone
 * and keeps checking for a penalty of its own.
 */
export interface PenaltyClaims {
  /** Claims `txHash` for `incidentId` unless claimed already; answers the incident that holds it. */
  claim(txHash: string, incidentId: string, publicKey: string): Promise<string>;
}

/** A check after an incident, run as a delayed job (the alertPenaltyCheck queue); the same incident and step twice is one job. */
export interface PenaltyCheckQueue {
  schedule(check: { incident: NodeChange; step: number }, delayMs: number): Promise<void>;
}

export interface PenaltyDeps {
  read: NodePenalties;
  claims: PenaltyClaims;
  checks: PenaltyCheckQueue;
  rules: PenaltyRules;
}

/** The network's reward per active hour as last heard on `network.updated`; null before the first. */
export interface RewardRate {
  perHour(): number | null;
}

/** Where delivery jobs go; adding a delivery already queued (or kept as finished) adds nothing. */
export interface AlertQueue {
  enqueue(delivery: Pick<DeliveryRecord, 'id' | 'walletAddress'>): Promise<void>;
}

/** Why a destination URL may not be used (docs/alerts.md: https in production, public addresses only), or null. */
export interface AlertTargets {
  refusal(url: string): Promise<string | null>;
}

export type SendResult = { ok: true } | { ok: false; error: string };

/** Posts one alert to one destination, checking its URL again first (DNS may have changed). */
export interface AlertSender {
  send(destination: AlertDestinationRecord, delivery: Pick<DeliveryRecord, 'id' | 'alert'>): Promise<SendResult>;
}

export interface AlertDeps {
  destinations: DestinationStore;
  notifications: NotificationStore;
  deliveries: DeliveryStore;
  queue: AlertQueue;
  targets: AlertTargets;
  sender: AlertSender;
  /** Events published longer ago than this when first handled alert nobody (a new consumer group replays old history). */
  maxEventAgeMs: number;
  episodes: EpisodeStore;
  /** Reminders and the flap window (ALERT_REMINDER_MS, ALERT_FLAP_CYCLES). */
  rules: EpisodeRules;
  money: NodeMoney;
  rate: RewardRate;
  activity: ActivityStore;
  stuck: StuckRules;
  /** Penalty checks after incidents the chain may penalise (docs/alerts.md, "Penalties"). */
  penalty: PenaltyDeps;
}

/** An entry of the dashboard's portfolio that links a node: the wallet watching it, and its label. */
export interface LinkedEntry {
  walletAddress: string;
  id: string;
  label?: string;
  nodePublicKey: string;
}

/**
 * Which wallets watch which nodes: the dashboard owns the portfolio entries that link them and
 * answers over its internal API (docs/alerts.md, "Who is told"). A failure rejects, so the event is
 * handled again later rather than alerting nobody.
 */
export interface WatcherLookup {
  /** Every entry, of any wallet, linked to one of `publicKeys` (lower-case). */
  linkedTo(publicKeys: string[]): Promise<LinkedEntry[]>;
}

/** Serialises one wallet's destination changes across replicas (`keyedLock` of @shm/platform/redis; the dashboard's ports.ts explains `held`). */
export interface WalletLock {
  run<T>(wallet: string, work: (held: AbortSignal) => Promise<T>): Promise<T>;
}

/** The personalizedDashboard flag as this service last heard it: the alert routes answer 403 while it is off. */
export interface AlertsFlag {
  isOn(): boolean;
}

export type Clock = () => Date;
