// What `npm run load` prints: one row per scenario run, and the capacity search.
const ms = (v) => (v === undefined || v === null ? '—' : v >= 100 ? v.toFixed(0) : v.toFixed(1));
const pct = (v) => (v === undefined ? '—' : `${(v * 100).toFixed(2)} %`);

function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** CPU time per request of each process (µs), the busiest first, and the cores they kept busy. */
export function cpuLine(r) {
  if (!r.cpuPerRequestUs) return '';
  const parts = Object.entries(r.cpuPerRequestUs)
    .filter(([, us]) => us >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([name, us]) => `${name} ${us.toFixed(0)}`);
  return `CPU µs per request: ${parts.join(', ')}; ${r.cores.toFixed(2)} cores busy`;
}

/** One row per scenario: requests/s, latency of the quick requests, errors, and k6's verdict. */
export function printScenarios(results) {
  table(
    ['scenario', 'iterations/s', 'requests/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'checks', 'thresholds'],
    results.map((r) =>
      r.ran
        ? [r.name, `${r.rate}`, r.rps.toFixed(0), ms(r.p50), ms(r.p95), ms(r.p99), `${r.failed} (${pct(r.errorRate)})`, pct(r.checks), r.thresholdsPassed ? 'passed' : 'FAILED']
        : [r.name, `${r.rate}`, '—', '—', '—', '—', '—', '—', 'DID NOT RUN'],
    ),
  );
  for (const r of results) {
    if (r.ran) console.log(`${r.name}: ${cpuLine(r)}`);
    if (r.payments) {
      console.log(`${r.name}: ${r.payments.granted}/${r.payments.total} payments granted, initiate → access p95 ${ms(r.paymentP95)} ms, p99 ${ms(r.paymentP99)} ms`);
    }
    if (r.dropped) console.log(`${r.name}: k6 dropped ${r.dropped} iterations (every VU busy: the stack fell behind the rate)`);
    for (const t of r.thresholds?.filter((x) => !x.ok) ?? []) console.log(`${r.name}: threshold missed: ${t.name} ${t.rule}`);
    if (r.error) console.log(`${r.name}: ${r.error}`);
    for (const w of r.warnings ?? []) console.log(`${r.name}: k6: ${w}`);
  }
}

/** The steps of a capacity search, then twice the capacity and the recovery after it. */
export function printCapacity(steps) {
  table(
    ['phase', 'offered it/s', 'req/s', '2xx/s', 'p50 ms', 'p95 ms', 'p99 ms', '2xx p99', '503 shed', '503 p99', 'other errors', 'dropped', 'cores'],
    steps.map((s) => [
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
      s.cores?.toFixed(2) ?? '—',
    ]),
  );
  for (const s of steps) if (s.cpuPerRequestUs) console.log(`${s.phase} at ${s.rate}/s: ${cpuLine(s)}`);
}
