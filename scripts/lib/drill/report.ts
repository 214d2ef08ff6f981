// Turns what the drill recorded into figures: per fault (down, back up, recovered, failures during
// the fault and after recovery, slowest confirmation), then the payments and grants in total.
import type { Call, Payment, Recorder } from './types';

/** One fault as it happened (Date.now() times); `recoveredAt` null when it did not recover in time. */
export interface FaultTimes {
  name: string;
  killAt: number;
  restartAt: number;
  readyAt: number;
  recoveredAt: number | null;
}

interface Recorded {
  faults: FaultTimes[];
  loadStart: number;
  loadEnd: number;
  rec: Recorder;
  payments: Payment[];
  finalCalls: Call[];
  recoverTimeoutMs: number;
}

/** A payment once paid: when, and (if at all) when access was granted. */
type PaidPayment = Payment & { paidAt: number };
const wasPaid = (p: Payment): p is PaidPayment => Boolean(p.paid) && p.paidAt !== undefined;

const secs = (ms: number | null | undefined): string => (ms === null || ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`);
const within = (t: number, from: number, to: number): boolean => t >= from && t < to;

/** "calc/paid 502 ×12, sign-in/nonce ECONNREFUSED ×3": what failed, most frequent first. */
function breakdown(calls: Call[]): string {
  const counts = new Map<string, number>();
  for (const c of calls) {
    const key = `${c.kind}/${c.op} ${c.status}${c.code ? ` ${c.code}` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ×${n}`).join(', ');
}

export type Summary = ReturnType<typeof summarize>;

export function summarize({ faults, loadStart, loadEnd, rec, payments, finalCalls, recoverTimeoutMs }: Recorded) {
  const calls = rec.calls;
  const failed = (from: number, to: number): Call[] => calls.filter((c) => !c.ok && within(c.end, from, to));
  const rows = faults.map((fault, index) => {
    const next = faults[index + 1]?.killAt ?? loadEnd;
    const recovered = fault.recoveredAt ?? next;
    const during = failed(fault.killAt, recovered);
    const after = failed(recovered, next);
    // Payments the fault caught: paid before it was over and not yet confirmed when it began.
    const caught = payments.filter(wasPaid).filter((p) => p.paidAt < recovered && (p.confirmedAt ?? Infinity) > fault.killAt);
    const wait = (p: PaidPayment): number => (p.confirmedAt ?? Infinity) - p.paidAt;
    const slowest = caught.filter((p) => p.confirmedAt).sort((a, b) => wait(b) - wait(a))[0];
    return {
      fault: fault.name,
      downMs: fault.restartAt - fault.killAt,
      backUpMs: fault.readyAt - fault.restartAt,
      recoveredMs: fault.recoveredAt === null ? null : fault.recoveredAt - fault.restartAt,
      requests: calls.filter((c) => within(c.end, fault.killAt, next)).length,
      failedDuring: during.length,
      failedAfter: after.length,
      deniedDuring: during.filter((c) => c.denied).length,
      deniedAfter: after.filter((c) => c.denied).length,
      leaked: [...during, ...after].filter((c) => c.leaked).length,
      caught: caught.length,
      slowestConfirmMs: slowest ? wait(slowest) : null,
      slowest: slowest && { txHash: slowest.txHash, paidAt: new Date(slowest.paidAt).toISOString(), statusChecks: slowest.nudges },
      unconfirmed: caught.filter((p) => !p.confirmedAt).length,
      duringDetail: breakdown(during),
      afterDetail: breakdown(after),
    };
  });

  const firstKill = faults[0]?.killAt ?? loadEnd;
  const paid = payments.filter(wasPaid);
  const confirmed = paid.filter((p): p is PaidPayment & { confirmedAt: number } => p.confirmedAt !== undefined);
  const afterRecovery = faults.flatMap((fault, index) => {
    const next = faults[index + 1]?.killAt ?? loadEnd;
    const recoveredAt = fault.recoveredAt;
    return recoveredAt === null ? [] : calls.filter((c) => c.denied && within(c.end, recoveredAt, next));
  });
  const lostWallets = new Set([...afterRecovery, ...finalCalls.filter((c) => c.denied)].map((c) => (c.wallet ?? '').toLowerCase()));
  const waits = confirmed.map((p) => p.confirmedAt - p.paidAt).sort((a, b) => a - b);
  return {
    rows,
    totals: {
      requests: calls.length,
      failed: calls.filter((c) => !c.ok).length,
      failedBeforeFaults: failed(loadStart, firstKill).length,
      failedDuringFaults: rows.reduce((n, r) => n + r.failedDuring, 0),
      failedAfterRecovery: rows.reduce((n, r) => n + r.failedAfter, 0),
      failedInGrace: failed(loadEnd, Infinity).length,
      paymentsStarted: payments.length,
      paid: paid.length,
      reported: paid.filter((p) => p.reportedAt).length,
      confirmed: confirmed.length,
      confirmedInGrace: confirmed.filter((p) => p.confirmedInGrace).length,
      nudged: paid.filter((p) => p.nudges > 0).length,
      medianConfirmMs: waits[Math.floor((waits.length - 1) / 2)] ?? null,
      slowestConfirmMs: waits.at(-1) ?? null,
      grantsLost: lostWallets.size,
      deniedDuringFaults: rows.reduce((n, r) => n + r.deniedDuring, 0),
      gateLeaks: calls.filter((c) => c.leaked).length + finalCalls.filter((c) => c.leaked).length,
      finalGrantChecks: finalCalls.length,
      unrecovered: rows.filter((r) => r.recoveredMs === null).map((r) => r.fault),
    },
    unconfirmed: paid.filter((p) => !p.confirmedAt).map((p) => ({ wallet: p.wallet, sessionId: p.sessionId, txHash: p.txHash, stage: p.stage, nudges: p.nudges })),
    recoverTimeoutMs,
  };
}

function table(header: string[], lines: (string | number)[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => String(line[i]).length)));
  const row = (cells: (string | number)[]): string =>
    cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i] ?? 0) : String(cell).padStart(widths[i] ?? 0))).join('  ');
  return [row(header), row(widths.map((width) => '─'.repeat(width))), ...lines.map(row)].join('\n');
}

export function printSummary(summary: Summary): void {
  const t = summary.totals;
  console.log('\nfault drill: each part killed (SIGKILL; the RPC proxy cut), held down, brought back\n');
  console.log(
    table(
      ['fault', 'down', 'back up', 'recovered', 'requests', 'failed during', 'failed after', 'payer 403 during/after', 'payments caught', 'slowest confirm'],
      summary.rows.map((r) => [
        r.fault,
        secs(r.downMs),
        secs(r.backUpMs),
        r.recoveredMs === null ? `no (>${secs(summary.recoverTimeoutMs)})` : secs(r.recoveredMs),
        r.requests,
        r.failedDuring,
        r.failedAfter,
        `${r.deniedDuring}/${r.deniedAfter}`,
        r.caught,
        r.unconfirmed ? `${secs(r.slowestConfirmMs)} (+${r.unconfirmed} unconfirmed)` : secs(r.slowestConfirmMs),
      ]),
    ),
  );
  console.log('\n"back up": restart → the part answers again; "recovered": restart → first success of everything it affects;');
  console.log('"payments caught": paid before the fault was over, not confirmed when it began; "slowest confirm": paid → access granted');
  for (const r of summary.rows) {
    if (r.slowest) console.log(`  ${r.fault} slowest payment: tx ${r.slowest.txHash} paid ${r.slowest.paidAt.slice(11, 23)}, ${r.slowest.statusChecks} status checks`);
    if (r.duringDetail) console.log(`  ${r.fault} failed during: ${r.duringDetail}`);
    if (r.afterDetail) console.log(`  ${r.fault} failed after recovery: ${r.afterDetail}`);
  }
  console.log(`
requests        ${t.requests}, failed ${t.failed}: ${t.failedBeforeFaults} before the first fault, ${t.failedDuringFaults} during faults, ${t.failedAfterRecovery} after recovery, ${t.failedInGrace} in the grace period
payments        ${t.paymentsStarted} started, ${t.paid} paid on chain, ${t.reported} reported, ${t.confirmed} confirmed (session-info isValid); ${t.confirmedInGrace} confirmed only after the load ended, ${t.nudged} had a status check
confirmation    paid → confirmed seen: median ${secs(t.medianConfirmMs)}, slowest ${secs(t.slowestConfirmMs)} (polled every second)
grants          lost ${t.grantsLost} (paid wallets answered 403 after recovery or in the final check of all ${t.finalGrantChecks}); payer 403s during faults ${t.deniedDuringFaults}; unpaid wallets let through ${t.gateLeaks}`);
  for (const p of summary.unconfirmed) console.log(`  unconfirmed: wallet ${p.wallet} session ${p.sessionId} tx ${p.txHash} (${p.stage}, ${p.nudges} status checks)`);
  if (t.unrecovered.length) console.log(`  not recovered within ${secs(summary.recoverTimeoutMs)}: ${t.unrecovered.join(', ')}`);
}

/** confirmed = paid and no grant lost. */
export const passed = (s: Summary): boolean => s.totals.confirmed === s.totals.paid && s.totals.grantsLost === 0;
