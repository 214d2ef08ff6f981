// One autocannon run in a process of its own (the load tool shares the machine's cores with the
// servers, as it would on one host), read back from its JSON report.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';

const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface LoadOptions {
  connections?: number;
  seconds?: number;
  method?: string;
  body?: string;
}

/**
 * Requests/s (mean over the run), latency percentiles in ms, and failures: socket errors, timeouts
 * and non-2xx answers together.
 */
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

/** The fields of autocannon's JSON report read here. */
interface Report {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

export function autocannon(url: string, { connections = 50, seconds = 8, method = 'GET', body }: LoadOptions = {}): Promise<LoadResult> {
  const args = [cli, '--json', '-c', String(connections), '-d', String(seconds), '-m', method];
  if (body !== undefined) args.push('-H', 'content-type=application/json', '-b', body);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout) => {
      if (err) return reject(new Error(err.message, { cause: err }));
      const report = JSON.parse(stdout) as Report;
      resolve({
        rps: report.requests.average,
        p50: report.latency.p50,
        p99: report.latency.p99,
        requests: report.requests.total,
        errors: report.errors + report.timeouts + report.non2xx,
      });
    });
  });
}
