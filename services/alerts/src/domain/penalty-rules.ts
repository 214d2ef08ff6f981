import { formatUnits } from 'ethers';
import type { LedgerRow, NodeChange } from '@shm/contracts';

export type PenaltyKind = Extract<LedgerRow, { kind: 'penalty' }>['violation'];

/** A penalty the chain recorded for a node: a `penalty` row of the network service's money route. */
export interface PenaltyRecord {
  /** The penalty transaction; null when read from the node account's penaltyHistory (a validator answered, not the explorer). */
  txHash: string | null;
  at: string;
  violation: PenaltyKind;
  amountWei: string;
  /** The amount at its day's price in `currency`; null without a price. */
  value: number | null;
  currency: string;
}

/** When checks run after an incident, and how early before it a penalty may be dated (ALERT_PENALTY_CHECK_MS, ALERT_PENALTY_SLACK_MS). */
export interface PenaltyRules {
  /** Delays after the incident's cycle start, ascending: one check each. */
  scheduleMs: readonly number[];
  slackMs: number;
}

/**
 * Whether shardeum may penalise what the change records (shardeum c08fc1e2 src/index.ts, the
 * `node-left-early`, `node-sync-timeout` and `node-refuted` events, and src/tx/penalty/*):
 * - `refuted`: NodeRefuted (1003), injected in the cycle the node refuted;
 * - leaving the active set by apoptosis: LeftNetworkEarly (1000), injected when a node lost earlier is
 *   apoptosized (the tracker's `apoptosized`, or `vanished` when it missed that record);
 * - leaving syncing for gone, whatever the record called it: SyncingTooLong (1001) (core's
 *   `lostSyncing`, which the tracker sees as the apoptosis of a syncing node: docs/network-data.md).
 * `lost` alone is not penalised: the penalty comes with its refutation or its apoptosis, each checked
 * then. A rotation out (`removed`) and a standby drop are never penalised; DoubleVote (1002) has no
 * change of its own (the chain refuses it as not implemented).
 */
export function penaltyMayFollow(change: NodeChange): boolean {
  if (change.kind === 'refuted') return true;
  if (change.to !== 'gone') return false;
  if (change.from === 'syncing') return change.kind !== 'standby-removed';
  return change.from === 'active' && (change.kind === 'apoptosized' || change.kind === 'vanished');
}

/** Milliseconds from `now` until check `step` is due (0 when already due); null past the schedule's end. */
export function checkDelay(rules: PenaltyRules, step: number, incidentAt: string, now: Date): number | null {
  const after = rules.scheduleMs[step];
  if (after === undefined) return null;
  return Math.max(0, Date.parse(incidentAt) + after - now.getTime());
}

/**
 * The penalties a check tells for an incident: those with a transaction hash (what makes each told
 * once; a row from penaltyHistory has none, so it waits for the explorer to list it), dated at or
 * after the incident's cycle start less the slack (the chain stamps the transaction with its own
 * clock, and a `vanished` node's apoptosis was some cycles earlier). Oldest first.
 */
export function penaltiesAfter(rows: readonly PenaltyRecord[], incidentAt: string, slackMs: number): PenaltyRecord[] {
  const from = Date.parse(incidentAt) - slackMs;
  return rows.filter((row) => row.txHash !== null && Date.parse(row.at) >= from).sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/**
 * Wei as SHM text, exact to the wei, the whole part grouped: as the dashboard shows it (its formatWei:
 * ethers' formatUnits divides as bigints, so no amount passes through a floating-point number).
 */
export function weiToShm(wei: string): string {
  const text = formatUnits(BigInt(wei), 18);
  const [whole = '0', fraction = '0'] = text.split('.');
  const grouped = BigInt(whole).toLocaleString('en-US');
  return fraction === '0' ? grouped : `${grouped}.${fraction}`;
}

const VIOLATION_WORDS: Record<PenaltyKind, string> = {
  'left-early': 'leaving the network early (apoptosized after it was reported lost)',
  'syncing-too-long': 'syncing too long (it did not become active in time)',
  'double-vote': 'a double vote',
  refuted: 'being refuted (it was reported lost, then answered)',
  other: 'a violation the product does not know',
};

/** What a penalty alert says: the amount to the wei, the violation in words and by its kind, the transaction, and its value when the day had a price. */
export function penaltyMessage(label: string, penalty: PenaltyRecord): string {
  const value = penalty.value === null ? '' : `, worth ${penalty.value.toFixed(2)} ${penalty.currency.toUpperCase()} at that day's price`;
  return `Node ${label}: penalty applied: ${weiToShm(penalty.amountWei)} SHM taken from the stake for ${VIOLATION_WORDS[penalty.violation]} [${penalty.violation}]${value} (transaction ${penalty.txHash ?? 'not listed yet'})`;
}
