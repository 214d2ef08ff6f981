// k6, built from the Go module proxy into .run/bin the first time a benchmark needs it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, commandExists, log } from './deps.mjs';

export const K6_VERSION = 'v1.8.1';

export function ensureK6() {
  if (commandExists('k6')) return 'k6';
  const bin = path.join(ROOT, '.run/bin');
  const k6 = path.join(bin, 'k6');
  if (existsSync(k6)) return k6;
  if (!commandExists('go')) throw new Error('k6 is missing and Go is not installed to build it');
  log(`building k6 ${K6_VERSION} with go install (first run only, a few minutes)`);
  mkdirSync(bin, { recursive: true });
  execFileSync('go', ['install', `go.k6.io/k6@${K6_VERSION}`], { stdio: 'inherit', env: { ...process.env, GOBIN: bin } });
  return k6;
}

/** Runs a k6 script and returns its summary (requests/s, p99 ms, failure rate). */
export function runK6(k6, script, env) {
  const summaryFile = path.join(ROOT, '.run', `k6-summary-${Date.now()}.json`);
  const args = ['run', '--quiet', '--summary-export', summaryFile, ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]), script];
  let thresholdsPassed = true;
  try {
    execFileSync(k6, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  } catch {
    thresholdsPassed = false; // k6 exits non-zero when a threshold fails; the summary is still written
  }
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  return {
    rps: summary.metrics.http_reqs.rate,
    p99: summary.metrics.http_req_duration['p(99)'],
    p95: summary.metrics.http_req_duration['p(95)'],
    failed: summary.metrics.http_req_failed.value,
    thresholdsPassed,
  };
}
