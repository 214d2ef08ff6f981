// k6, built from the Go module proxy into .run/bin the first time a load run needs it (about 3 min of
// CPU; 8.5 min of wall time on a busy 2-core machine, downloads included), then reused.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, commandExists, log } from './deps';
import { cpuMs } from './proc-cpu';

export const K6_VERSION = 'v1.8.1';

const BINARY = path.join(ROOT, '.run/bin', `k6-${K6_VERSION}`);

/** The pinned k6 (`K6_BIN` names another binary); built with `go install` when missing. */
export function ensureK6(): string {
  if (process.env.K6_BIN) return process.env.K6_BIN;
  if (existsSync(BINARY)) return BINARY;
  if (!commandExists('go')) throw new Error('k6 is missing and Go is not installed to build it (or set K6_BIN)');
  log(`building k6 ${K6_VERSION} with go install (first run only: a few minutes)`);
  const gobin = mkdtempSync(path.join(tmpdir(), 'k6-'));
  try {
    execFileSync('go', ['install', `go.k6.io/k6@${K6_VERSION}`], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, GOBIN: gobin, CGO_ENABLED: '0', GOFLAGS: '-trimpath' },
    });
    mkdirSync(path.dirname(BINARY), { recursive: true });
    renameSync(path.join(gobin, 'k6'), BINARY);
  } finally {
    rmSync(gobin, { recursive: true, force: true });
  }
  return BINARY;
}

/** The parts of k6's end-of-test summary (handleSummary's data) read here. */
export interface K6Summary {
  state: { testRunDurationMs: number };
  metrics: Record<string, { values?: Record<string, number>; thresholds?: Record<string, { ok: boolean }> }>;
}

export type Figures = ReturnType<typeof figures>;

/** One k6 run: its figures and CPU use, or why it did not run. */
export type K6Result =
  | { ran: false; thresholdsPassed: false; error: string }
  | (Figures & { ran: true; thresholdsPassed: boolean; cpuPerRequestUs: Record<string, number>; cores: number; warnings: string[]; error?: undefined });

const metric = (summary: K6Summary, name: string): K6Summary['metrics'][string] | undefined => summary.metrics[name];

/**
 * Runs a k6 script (settings as `env`) and resolves with its figures: requests/s, p50/p95/p99 (ms)
 * and the failure rate of the product requests (the `{step:quick}` and `{step:wait}` sub-metrics,
 * common.js), plus k6's own verdict on the thresholds (it exits non-zero when one fails).
 * `processes` ({ name: pid }) adds the CPU time each used per request (µs), k6's own included, and
 * the cores they kept busy together. The REST API and the usage report are off (no outside
 * network; several runs may overlap).
 */
export function runK6(
  k6: string,
  script: string,
  env: Record<string, string>,
  { runDir = path.join(ROOT, '.run/load'), processes = {} }: { runDir?: string; processes?: Record<string, number | undefined> } = {},
): Promise<K6Result> {
  mkdirSync(runDir, { recursive: true });
  const summaryFile = path.join(runDir, `k6-${path.basename(script, '.js')}-${Date.now()}.json`);
  const args = ['run', '--quiet', '--no-usage-report', '--address', '', '--no-color', ...Object.entries({ ...env, SUMMARY_FILE: summaryFile }).flatMap(([name, value]) => ['-e', `${name}=${value}`]), script];
  const cpuOf = (pid: number | undefined): number => (pid === undefined ? NaN : cpuMs(pid));
  const cpuBefore = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuOf(pid)]));
  const started = Date.now();
  return new Promise<K6Result>((resolve) => {
    const child = execFile(k6, args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      clearInterval(watch);
      const wallMs = Date.now() - started;
      const cpuAfter = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuOf(pid)]));
      if (!existsSync(summaryFile)) {
        resolve({ ran: false, thresholdsPassed: false, error: (stderr || error?.message || 'k6 wrote no summary').trim().split('\n').slice(-5).join('\n') });
        return;
      }
      const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as K6Summary;
      const result = figures(summary);
      const used: Record<string, number> = {
        ...Object.fromEntries(Object.keys(processes).map((name) => [name, (cpuAfter[name] ?? NaN) - (cpuBefore[name] ?? NaN)])),
        k6: k6Cpu,
      };
      const perRequest = Object.fromEntries(Object.entries(used).map(([name, ms]) => [name, result.requests ? (ms * 1000) / result.requests : NaN]));
      const cores = Object.values(used).reduce((sum, ms) => sum + ms, 0) / wallMs;
      resolve({ ran: true, thresholdsPassed: !error, ...result, cpuPerRequestUs: perRequest, cores, warnings: warningsOf(stderr) });
    });
    // k6's own CPU, read while it runs (a finished process is gone from /proc): all but its last 200 ms.
    let k6Cpu = 0;
    const watch = setInterval(() => {
      const now = cpuOf(child.pid);
      if (!Number.isNaN(now)) k6Cpu = now;
    }, 200);
  });
}

/** The figures of one run, from k6's end-of-test summary (handleSummary's data). */
export function figures(summary: K6Summary) {
  const values = (name: string): Record<string, number> | undefined => metric(summary, name)?.values;
  const seconds = summary.state.testRunDurationMs / 1000;
  const count = (name: string): number => values(name)?.count ?? 0;
  const requests = count('http_reqs{step:quick}') + count('http_reqs{step:wait}');
  const failedRate = (name: string): number => values(name)?.rate ?? 0;
  const failed = failedRate('http_req_failed{step:quick}') * count('http_reqs{step:quick}') + failedRate('http_req_failed{step:wait}') * count('http_reqs{step:wait}');
  const quick: Record<string, number | undefined> = values('http_req_duration{step:quick}') ?? {};
  const ok = values('http_req_duration{step:quick,expected_response:true}');
  const shed = values('http_req_duration{step:quick,status:503}');
  const granted = values('payments_granted');
  return {
    seconds,
    requests,
    rps: requests / seconds,
    failed: Math.round(failed),
    errorRate: requests ? failed / requests : 0,
    p50: quick.med,
    p95: quick['p(95)'],
    p99: quick['p(99)'],
    max: quick.max,
    ok: ok && { p50: ok.med, p95: ok['p(95)'], p99: ok['p(99)'] },
    shed: shed && { count: count('http_reqs{step:quick,status:503}'), p99: shed['p(99)'] },
    checks: values('checks')?.rate,
    iterations: count('iterations'),
    dropped: count('dropped_iterations'),
    payments: granted && { granted: granted.passes ?? 0, total: (granted.passes ?? 0) + (granted.fails ?? 0) },
    paymentP95: values('payment_ms')?.['p(95)'],
    paymentP99: values('payment_ms')?.['p(99)'],
    thresholds: Object.entries(summary.metrics).flatMap(([name, m]) => Object.entries(m.thresholds ?? {}).map(([rule, threshold]) => ({ name, rule, ok: threshold.ok }))),
  };
}

/** k6's own warnings (a request that failed to connect, a VU shortage), a few, for the log. */
function warningsOf(stderr: string): string[] {
  const lines = stderr.split('\n').filter((line) => /level=(warning|error)/.test(line));
  const unique = [...new Set(lines.map((line) => line.replace(/^time="[^"]*" /, '')))];
  return unique.slice(0, 5);
}
