// The fault drill's short version (`npm run drill` is the long one): the drill starts calc, the
// payments API, a payments worker process and the gateway with Redis, the MongoDB-wire server and a
// chain of its own (port offset 24000, clear of `npm start` and the test stack), keeps payments and
// calculations going, and kills and restarts the worker and then Redis.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
// Seven processes start on a shared 2-core machine before the drill's half minute of load.
jest.setTimeout(180_000);

interface DrillResult {
  passed: boolean;
  rows: { fault: string; recoveredMs: number | null; failedAfter: number }[];
  totals: { paid: number; confirmed: number; grantsLost: number; gateLeaks: number; unrecovered: string[] };
}

/**
 * Runs the drill as `npm run drill` does; resolves with its exit code and output. Past `deadlineMs`
 * it is interrupted (SIGINT: the drill stops the processes it started), so no stack outlives the test.
 */
function runDrill(args: string[], deadlineMs: number): Promise<{ code: number | null; output: string }> {
  // The drill runs its own infrastructure: the test tier's REDIS_URL, MONGO_URL, … must not leak in.
  const dropped = new Set(['REDIS_URL', 'MONGO_URL', 'CHAIN_RPC_URL', 'ARCHIVER_URLS', 'PRICE_API_URL']);
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !dropped.has(name)));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/drill.ts'), ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const interrupt = setTimeout(() => child.kill('SIGINT'), deadlineMs);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(interrupt);
      resolve({ code, output });
    }),
  );
}

describe('fault drill, short', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fault-drill-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('when the payments worker and then Redis are killed and restarted under load, then every paid payment is confirmed and no paid wallet is refused', async () => {
    const json = path.join(dir, 'drill.json');
    const args = [
      '--faults=payments-worker,redis',
      '--services=calc,payments,gateway',
      '--port-offset=24000',
      '--fault-ms=3000',
      '--pause-ms=4000',
      '--warmup-ms=3000',
      '--grace-ms=60000',
      '--recover-timeout-ms=30000',
      '--payers=2',
      '--calc-rate=2',
      // A job the killed worker held is taken over after its lock lapses: seconds here, not the default 30 s.
      '--env=VERIFY_LOCK_MS=4000',
      '--env=VERIFY_STALLED_INTERVAL_MS=4000',
      `--json=${json}`,
    ];
    const { code, output } = await runDrill(args, 160_000);
    if (code !== 0) console.error(output);
    expect(code).toBe(0);

    const result = JSON.parse(readFileSync(json, 'utf8')) as DrillResult;
    expect(result.rows.map((r) => r.fault)).toEqual(['payments-worker', 'redis']);
    expect(result.totals.unrecovered).toEqual([]);
    expect(result.totals.paid).toBeGreaterThan(0);
    expect(result.totals.confirmed).toBe(result.totals.paid);
    expect(result.totals.grantsLost).toBe(0);
    expect(result.totals.gateLeaks).toBe(0);
    expect(result.passed).toBe(true);
  });
});
