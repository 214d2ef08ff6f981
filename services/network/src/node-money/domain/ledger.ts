// A node's earnings ledger from what the chain records, and its reconciliation (docs/node-money.md,
// "The ledger"). Amounts come from the chain's receipts where the source lists them (the explorer),
// else from the chain's rule applied to the account's period history (a validator's account route).
// Every check that fails is said in `problems`; nothing is smoothed over.
import type { DayPrice, LedgerRow } from '@shm/contracts';
import type { ChainAccountsRead, ChainTransactions, NodeAccountRead } from '../ports';
import { paidRate, periodReward, scale, violationKind, weiToShm } from './chain-rules';

/** The reward per hour (SHM) the product saw in force at a time (ms), or null before its history. */
export type RateAt = (ms: number) => number | null;

export interface LedgerInput {
  read: ChainAccountsRead;
  /** Rates the product saw (its tracker's rate segments) and the one in force now, SHM per hour. */
  rateAt: RateAt;
  knownRates: number[];
  prices: Map<string, DayPrice>;
}

/** Internal rows keep wei as bigint; the reply turns them into strings. */
export interface BuiltLedger {
  rows: LedgerRow[];
  /** The periods' sum, and those since the last stake or unstake (null when the source cannot say when that was). */
  totalWei: bigint;
  openWei: bigint | null;
  problems: string[];
}

const iso = (ms: number) => new Date(ms).toISOString();
export const dayOf = (ms: number) => iso(ms).slice(0, 10);
const SHM = (wei: bigint) => `${formatShm(wei)} SHM`;

/** Exact decimal SHM (no float): 20 → "20", 2e18 + 1 → "2.000000000000000001". */
export function formatShm(wei: bigint): string {
  const sign = wei < 0n ? '-' : '';
  const abs = wei < 0n ? -wei : wei;
  const whole = abs / 10n ** 18n;
  const frac = (abs % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  return `${sign}${whole}${frac ? `.${frac}` : ''}`;
}

/**
 * Cents of `wei` SHM at `price` per SHM, rounded half up, exact for prices of up to 8 decimals
 * (bigint throughout: SHM × price in floating point drifts a cent on large amounts).
 */
export function valueOf(wei: bigint, price: number | null): number | null {
  if (price === null) return null;
  const micro = BigInt(Math.round(price * 1e8));
  const scaled = wei * micro * 100n; // cents × 1e26
  const unit = 10n ** 26n;
  const sign = scaled < 0n ? -1n : 1n;
  const cents = (sign * scaled + unit / 2n) / unit;
  return Number(sign * cents) / 100;
}

const priceOn = (prices: Map<string, DayPrice>, ms: number): DayPrice => prices.get(dayOf(ms)) ?? { day: dayOf(ms), price: null, source: 'none' };

/** Two SHM-per-hour rates are the same rate (the history keeps floats; a rate is never that close to another). */
const sameRate = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** The days a ledger prices (period ends, penalties, unstakes), so they can be asked for in one go. */
export function ledgerDays(read: ChainAccountsRead): string[] {
  const days = new Set<string>();
  for (const { e } of read.node?.history ?? []) days.add(dayOf(e * 1000));
  for (const { at } of read.transactions?.unstakes ?? []) days.add(dayOf(at));
  for (const { at } of read.transactions?.penalties ?? []) days.add(dayOf(at));
  for (const { timestamp } of read.node?.penaltyHistory ?? []) days.add(dayOf(timestamp * 1000));
  return [...days].sort();
}

type Claim = ChainTransactions['claims'][number];

/**
 * Each period's claim: the one whose nodeDeactivatedTime is the period's end; none for a period a
 * left-early penalty ended; else the next claim left over, in order (its end then disagrees, and says so).
 */
function pairClaims(history: NodeAccountRead['history'], claims: Claim[], leftEarly: ReadonlySet<number>): (Claim | undefined)[] {
  const used = new Set<Claim>();
  const byEnd = history.map(({ e }) => {
    const claim = claims.find((candidate) => !used.has(candidate) && candidate.nodeDeactivatedTime === e);
    if (claim) used.add(claim);
    return claim;
  });
  const rest = claims.filter((claim) => !used.has(claim));
  return byEnd.map((claim, position) => claim ?? (leftEarly.has(history[position]?.e ?? NaN) ? undefined : rest.shift()));
}

function periodRows(node: NodeAccountRead, input: LedgerInput, problems: string[]) {
  const { read, rateAt, knownRates, prices } = input;
  const { network } = read;
  const claims = read.transactions?.claims;
  // A left-early penalty ends a period itself: it pushes `{ b, e }` with no claim and no credit
  // (shardeum src/tx/penalty/transaction.ts applyPenaltyTX; its history time is nodeDroppedTime, seconds).
  const leftEarly = new Set(node.penaltyHistory.filter(({ type }) => type === 1000).map(({ timestamp }) => timestamp));
  const pairs = pairClaims(node.history, claims ?? [], leftEarly);
  const claimed = node.history.filter(({ e }) => !leftEarly.has(e)).length;
  if (claims && claims.length !== claimed) {
    problems.push(`The account's history has ${claimed} claimed active periods, but the chain has ${claims.length} claim receipts for this node.`);
  }
  const interval = network.rewardIntervalMs;
  const current = scale(network.rewardUnits, network);
  const perHour = (wei: bigint) => (weiToShm(wei) * 3_600_000) / interval;
  // A rate the product saw (SHM/h, kept as a float) as wei per interval: today's exact figure when it is that rate.
  const toWei = (rate: number): bigint =>
    sameRate(rate, perHour(current)) ? current : (BigInt(Math.round(rate * 1e9)) * 10n ** 9n * BigInt(interval)) / 3_600_000n;
  const credits = (rate: bigint, seconds: number, amount: bigint) => {
    const credit = periodReward(rate, seconds, interval);
    const gap = credit > amount ? credit - amount : amount - credit;
    // Exact for today's rate; a rate read as a float is allowed its float's error.
    return rate === current ? gap === 0n : gap * 1_000_000_000n <= amount + 1_000_000_000n;
  };
  return node.history.map(({ b, e }, position) => {
    const index = position + 1;
    const seconds = e - b;
    const claim = claims ? pairs[position] : undefined;
    const endedByPenalty = leftEarly.has(e) && !claim;
    if (claim && claim.nodeDeactivatedTime !== e) {
      problems.push(`Period ${index} ends at ${iso(e * 1000)} in the account's history, but its claim receipt says ${iso(claim.nodeDeactivatedTime * 1000)}.`);
    }
    const activation = rateAt(b * 1000);
    const atClaim = rateAt(e * 1000);
    const ruled = activation !== null && atClaim !== null;
    const rule = !ruled ? 'unknown' : activation > atClaim ? 'activation' : atClaim > activation ? 'claim' : 'same';
    // Without receipts the chain's rule is applied at today's scaled rate: exact while the rate has not changed.
    const amount = claim ? claim.rewardAmount : endedByPenalty ? 0n : periodReward(current, seconds, interval);
    // The rates that could have paid it: the rule's, or (its rates not seen) any the network had.
    const candidates = ruled ? [toWei(Math.max(activation, atClaim))] : [current, ...knownRates.map(toWei)];
    const matched = claim && seconds >= 0 ? candidates.find((rate) => credits(rate, seconds, amount)) : undefined;
    const paid = !claim ? current : (matched ?? paidRate(amount, seconds, interval));
    const check: 'ok' | 'mismatch' | 'unverified' = !claim ? 'unverified' : matched !== undefined ? 'ok' : 'mismatch';
    const paidPerHour = paid === null ? null : perHour(paid);
    if (check === 'mismatch') {
      const rate = paidPerHour === null ? 'no rate' : `${paidPerHour.toFixed(6)} SHM/h`;
      problems.push(
        `Period ${index} (${seconds} s) was credited ${SHM(amount)}: ${rate}, which the chain's rule does not give for that time at the rates the network had (${
          [...new Set([activation, atClaim, ...knownRates].filter((r): r is number => r !== null))].map((r) => `${r} SHM/h`).join(', ') || 'none known'
        }).`,
      );
    }
    const price = priceOn(prices, e * 1000);
    const row: LedgerRow = {
      kind: 'period',
      index,
      start: iso(b * 1000),
      end: iso(e * 1000),
      seconds: Math.max(0, seconds),
      ratePerIntervalWei: (paid ?? 0n).toString(),
      rule,
      activationRatePerHour: activation,
      claimRatePerHour: atClaim,
      stabilityScaleMul: network.stabilityScaleMul,
      stabilityScaleDiv: network.stabilityScaleDiv,
      amountWei: amount.toString(),
      amountSource: claim ? 'claim-receipt' : 'computed',
      check,
      price,
      value: valueOf(amount, price.price),
      txHash: claim?.txHash ?? null,
    };
    return { row, amount, endMs: e * 1000 };
  });
}

/** The ledger, oldest first: stakes, periods, penalties and unstakes as the chain recorded them. */
export function buildLedger(input: LedgerInput): BuiltLedger {
  const { read, prices } = input;
  const problems: string[] = [];
  const node = read.node;
  if (!node) return { rows: [], totalWei: 0n, openWei: null, problems };
  const periods = periodRows(node, input, problems);
  const tx = read.transactions;
  const timed: { at: number; row: LedgerRow }[] = periods.map(({ row, endMs }) => ({ at: endMs, row }));
  for (const stake of tx?.stakes ?? []) {
    timed.push({ at: stake.at, row: { kind: 'stake', at: iso(stake.at), amountWei: stake.amount.toString(), txHash: stake.txHash } });
  }
  const penalties = tx ? tx.penalties : node.penaltyHistory.map(({ type, amount, timestamp }) => ({ at: timestamp * 1000, violation: type, amount, txHash: null }));
  for (const penalty of penalties) {
    const price = priceOn(prices, penalty.at);
    timed.push({
      at: penalty.at,
      row: {
        kind: 'penalty',
        at: iso(penalty.at),
        violation: violationKind(penalty.violation),
        amountWei: penalty.amount.toString(),
        price,
        value: valueOf(penalty.amount, price.price),
        txHash: penalty.txHash,
      },
    });
  }
  for (const unstake of tx?.unstakes ?? []) {
    const price = priceOn(prices, unstake.at);
    const payout = unstake.stake + unstake.reward - unstake.fee;
    timed.push({
      at: unstake.at,
      row: {
        kind: 'unstake',
        at: iso(unstake.at),
        stakeWei: unstake.stake.toString(),
        rewardWei: unstake.reward.toString(),
        penaltyWei: unstake.penalty.toString(),
        feeWei: unstake.fee.toString(),
        payoutWei: payout.toString(),
        price,
        value: valueOf(unstake.reward, price.price),
        txHash: unstake.txHash,
      },
    });
  }
  // Stable sort: rows at the same instant keep stake, periods, penalties, unstakes order.
  timed.sort((a, b) => a.at - b.at);
  // Where the account's `reward` starts counting: the last stake or unstake the source shows.
  // Without transactions: an account with no nominator was unstaked (its reward emptied); else its last stake.
  const epochStart = tx
    ? Math.max(-Infinity, ...tx.stakes.map(({ at }) => at), ...tx.unstakes.map(({ at }) => at))
    : node.nominator === null
      ? Infinity
      : node.stakeTimestamp;
  const { total, open } = reconcileTotals(node, periods, penalties, tx?.unstakes ?? [], epochStart, problems);
  return { rows: timed.map(({ row }) => row), totalWei: total, openWei: open, problems };
}

/** The sums the account keeps: total reward, the reward since the last unstake, each unstake's reward, total penalty. */
function reconcileTotals(
  node: NodeAccountRead,
  periods: { amount: bigint; endMs: number }[],
  penalties: { amount: bigint }[],
  unstakes: { at: number; reward: bigint }[],
  epochStart: number | undefined,
  problems: string[],
) {
  const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
  const total = sum(periods.map(({ amount }) => amount));
  if (total !== node.totalReward) {
    problems.push(`The periods add up to ${SHM(total)}; the account's total reward (nodeAccountStats.totalReward) is ${SHM(node.totalReward)}, ${SHM(node.totalReward - total)} apart.`);
  }
  let from = -Infinity;
  for (const [i, unstake] of unstakes.entries()) {
    const paid = sum(periods.filter(({ endMs }) => endMs > from && endMs <= unstake.at).map(({ amount }) => amount));
    // A forced unstake with no end time pays 0 for credited periods; the receipt says 0 then.
    if (paid !== unstake.reward && unstake.reward !== 0n) {
      problems.push(`Unstake ${i + 1} paid a reward of ${SHM(unstake.reward)}; the periods since the previous stake add up to ${SHM(paid)}.`);
    }
    from = unstake.at;
  }
  const open = epochStart === undefined ? null : sum(periods.filter(({ endMs }) => endMs > epochStart).map(({ amount }) => amount));
  if (open !== null && open !== node.reward) {
    problems.push(`The periods since the last unstake add up to ${SHM(open)}; the account's reward is ${SHM(node.reward)}.`);
  }
  const penalized = sum(penalties.map(({ amount }) => amount));
  if (penalized !== node.totalPenalty) {
    problems.push(`The penalties add up to ${SHM(penalized)}; the account's total penalty is ${SHM(node.totalPenalty)}.`);
  }
  return { total, open };
}
