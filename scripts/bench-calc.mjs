// `npm run bench:calc`: POST /api/calculations/economics through the gateway (the product's path)
// and straight to the engine behind one plain express process, in one run; prints requests/s, p99
// and their ratio. Loopback only, bounded duration (DURATION, default 15s; VUS, default 50).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, buildWeb, ensureNodeModules, log } from './lib/deps.mjs';
import { ensureK6, runK6 } from './lib/k6.mjs';

ensureNodeModules();
const k6 = ensureK6();
if (!existsSync(path.join(ROOT, 'web/dist/index.html'))) buildWeb();
const { startStack } = await import('./lib/stack.mjs');
const { DEFAULT_PORTS } = await import('./lib/processes.mjs');

const ports = Object.fromEntries(Object.entries(DEFAULT_PORTS).map(([k, v]) => [k, v + 1000]));
const env = { VUS: process.env.VUS ?? '50', DURATION: process.env.DURATION ?? '15s' };
const script = path.join(ROOT, 'bench/k6/economics.js');

const stack = await startStack({ ports, env: { LOG_LEVEL: 'warn' }, logDir: path.join(ROOT, '.run/bench-logs') });
const plain = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/plain-calc-server.ts')], {
  cwd: ROOT,
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const plainPort = await new Promise((resolve, reject) => {
    plain.stdout.on('data', (d) => {
      const m = /listening (\d+)/.exec(String(d));
      if (m) resolve(Number(m[1]));
    });
    plain.once('exit', (code) => reject(new Error(`plain server exited (${code})`)));
  });
  log(`k6: ${env.VUS} virtual users for ${env.DURATION} through the gateway`);
  const gateway = runK6(k6, script, { ...env, TARGET: `http://127.0.0.1:${ports.GATEWAY_PORT}` });
  log(`k6: ${env.VUS} virtual users for ${env.DURATION} against the plain express engine`);
  const direct = runK6(k6, script, { ...env, TARGET: `http://127.0.0.1:${plainPort}` });

  const row = (name, r) =>
    `${name.padEnd(22)} ${r.rps.toFixed(0).padStart(8)} req/s   p95 ${r.p95.toFixed(2).padStart(7)} ms   p99 ${r.p99.toFixed(2).padStart(7)} ms   failed ${(r.failed * 100).toFixed(2)} %`;
  console.log('\nPOST /api/calculations/economics (calculator defaults)');
  console.log(row('through the gateway', gateway));
  console.log(row('plain express engine', direct));
  console.log(
    `ratio gateway / plain: throughput ${(gateway.rps / direct.rps).toFixed(2)}x, p99 ${(gateway.p99 / direct.p99).toFixed(2)}x`,
  );
  if (!gateway.thresholdsPassed) console.log('k6 thresholds (failures < 1 %, p99 < 250 ms) FAILED through the gateway');
} finally {
  plain.kill('SIGTERM');
  await stack.stop();
}
