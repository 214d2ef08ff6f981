// What `npm run load` prints: one row per scenario run, and the capacity search.
import type { K6Result } from '../k6';
import type { Step } from './capacity';

/** A scenario's run as `npm run load` reports it. */
export type ScenarioResult = K6Result & { name: string; what: string; rate: number; duration: string };
const ms = (v: number | null | undefined): string => (v === undefined || v === null ? '—' : v >= 100 ? v.toFixed(0) : v.toFixed(1));
const pct = (v: number | undefined): string => (v === undefined ? '—' : `${(v * 100).toFixed(2)} %`);

function table(header: string[], rows: (string | number)[][]): void {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells: (string | number)[]): string => cells.map((cell, i) => String(cell).padEnd(widths[i] ?? 0)).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '─'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** CPU time per request of each process (µs), the busiest first, and the cores they kept busy. */
export function cpuLine(result: K6Result): string {
  if (!result.ran) return '';
  const parts = Object.entries(result.cpuPerRequestUs)
    .filter(([, us]) => us >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([name, us]) => `${name} ${us.toFixed(0)}`);
  return `CPU µs per request: ${parts.join(', ')}; ${result.cores.toFixed(2)} cores busy`;
}

/** One row per scenario: requests/s, latency of the quick requests, errors, and k6's verdict. */
export function printScenarios(results: ScenarioResult[]): void {
  table(
    ['scenario', 'iterations/s', 'requests/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'checks', 'thresholds'],
    results.map((r) =>
      r.ran
        ? [r.name, `${r.rate}`, r.rps.toFixed(0), ms(r.p50), ms(r.p95), ms(r.p99), `${r.failed} (${pct(r.errorRate)})`, pct(r.checks), r.thresholdsPassed ? 'passed' : 'FAILED']
        : [r.name, `${r.rate}`, '—', '—', '—', '—', '—', '—', 'DID NOT RUN'],
    ),
  );
  for (const r of results) {
    if (!r.ran) {
      console.log(`${r.name}: ${r.error}`);
      continue;
    }
    console.log(`${r.name}: ${cpuLine(r)}`);
    if (r.payments) {
      console.log(`${r.name}: ${r.payments.granted}/${r.payments.total} payments granted, initiate → access p95 ${ms(r.paymentP95)} ms, p99 ${ms(r.paymentP99)} ms`);
    }
    if (r.dropped) console.log(`${r.name}: k6 dropped ${r.dropped} iterations (every VU busy: the stack fell behind the rate)`);
    for (const t of r.thresholds.filter((threshold) => !threshold.ok)) console.log(`${r.name}: threshold missed: ${t.name} ${t.rule}`);
    for (const warning of r.warnings) console.log(`${r.name}: k6: ${warning}`);
  }
}

/** The steps of a capacity search, then twice the capacity and the recovery after it. */
export function printCapacity(steps: Step[]): void {
  table(
    ['phase', 'offered it/s', 'req/s', '2xx/s', 'p50 ms', 'p95 ms', 'p99 ms', '2xx p99', '503 shed', '503 p99', 'other errors', 'dropped', 'cores'],
    steps.map((s) =>
      !s.ran
        ? [s.phase, s.rate, '—', '—', '—', '—', '—', '—', '—', '—', '—', '—', '—']
        : [
      s.phase,
      s.rate,
      s.rps.toFixed(0),
      ((s.requests - s.failed) / s.seconds).toFixed(0),
      ms(s.p50),
      ms(s.p95),
      ms(s.p99),
      ms(s.ok?.p99),
      s.shed ? s.shed.count : 0,
      ms(s.shed?.p99),
      s.failed - (s.shed?.count ?? 0),
      s.dropped,
      s.cores.toFixed(2),
    ]),
  );
  for (const s of steps) if (s.ran) console.log(`${s.phase} at ${s.rate}/s: ${cpuLine(s)}`);
}
