// A bounded closed-loop HTTP load generator for when k6 is not available: `connections` loops, each
// sending the next GET as soon as the last answered, for `durationMs`, over keep-alive sockets.
import http from 'node:http';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export async function runHttpLoad(url, { connections = 50, durationMs = 15_000 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let failed = 0;
  const deadline = Date.now() + durationMs;
  const once = () =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const req = http.get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          if (res.statusCode !== 200) failed += 1;
          resolve();
        });
      });
      req.on('error', () => {
        failed += 1;
        resolve();
      });
    });
  const started = Date.now();
  await Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < deadline) await once();
  }));
  const seconds = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failed: latencies.length ? failed / latencies.length : 1,
    thresholdsPassed: undefined,
  };
}
