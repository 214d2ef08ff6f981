// `npm run bench:network`: GET /api/shardeum-network under load, through the gateway (the product's
// path) and straight to the network service, on loopback only with a bounded duration (DURATION,
// default 15s; VUS, default 50). Uses k6 (bench/k6/network.js, thresholds: failures < 1 %,
// p99 < 250 ms) when it can be found or built, else a Node closed-loop generator with the same load.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { ROOT, buildWeb, ensureNodeModules, log } from './lib/deps.mjs';
import { runHttpLoad } from './lib/http-load.mjs';
import { ensureK6, runK6 } from './lib/k6.mjs';

ensureNodeModules();
let k6 = null;
try {
  k6 = ensureK6();
} catch (err) {
  log(`k6 unavailable (${err.message}); using the Node load generator`);
}
if (!existsSync(path.join(ROOT, 'web/dist/index.html'))) buildWeb();
const { startStack } = await import('./lib/stack.mjs');
const { DEFAULT_PORTS } = await import('./lib/processes.mjs');

const ports = Object.fromEntries(Object.entries(DEFAULT_PORTS).map(([k, v]) => [k, v + 3000]));
const vus = Number(process.env.VUS ?? 50);
const duration = process.env.DURATION ?? '15s';
const durationMs = Number.parseFloat(duration) * (duration.endsWith('ms') ? 1 : duration.endsWith('m') ? 60_000 : 1000);
const script = path.join(ROOT, 'bench/k6/network.js');

async function waitForSnapshot(base) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${base}/api/shardeum-network`).catch(() => undefined);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the network service never answered with a snapshot');
}

const run = (target) =>
  k6
    ? runK6(k6, script, { VUS: String(vus), DURATION: duration, TARGET: target })
    : runHttpLoad(`${target}/api/shardeum-network`, { connections: vus, durationMs });

const stack = await startStack({ ports, env: { LOG_LEVEL: 'warn' }, logDir: path.join(ROOT, '.run/bench-logs') });
try {
  const gatewayUrl = `http://127.0.0.1:${ports.GATEWAY_PORT}`;
  const networkUrl = `http://127.0.0.1:${ports.NETWORK_PORT}`;
  await waitForSnapshot(gatewayUrl);
  const tool = k6 ? 'k6' : 'node load generator';
  log(`${tool}: ${vus} connections for ${duration} through the gateway`);
  const gateway = await run(gatewayUrl);
  log(`${tool}: ${vus} connections for ${duration} straight to the network service`);
  const direct = await run(networkUrl);

  const row = (name, r) =>
    `${name.padEnd(24)} ${r.rps.toFixed(0).padStart(8)} req/s   p95 ${r.p95.toFixed(2).padStart(7)} ms   p99 ${r.p99.toFixed(2).padStart(7)} ms   failed ${(r.failed * 100).toFixed(2)} %`;
  console.log(`\nGET /api/shardeum-network (${tool}, ${vus} connections, ${duration})`);
  console.log(row('through the gateway', gateway));
  console.log(row('network service direct', direct));
  if (gateway.thresholdsPassed === false) console.log('k6 thresholds (failures < 1 %, p99 < 250 ms) FAILED through the gateway');
} finally {
  await stack.stop();
}
