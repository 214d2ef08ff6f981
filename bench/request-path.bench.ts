// `npm run bench`: what each hop of the public request path costs, in one run on one machine.
// Measures, with the same body and load (autocannon, CONNECTIONS=50, SECONDS=8 per path after a
// 2 s warm-up): a bare node:http JSON echo (the limit for one Node process), calc alone, gateway →
// calc, web → gateway → calc, and the network and price reads straight and through the web entry.
// Prints requests/s, p50/p99, failures, each path's ratio to the limit and to the hop before it,
// then runs SOAK seconds (60) through the web entry and prints each process's memory at idle, before
// and after that load, each after a full garbage collection (bench/heap-probe.ts), and its highest
// RSS during it. Services run at the log level `npm start` uses (LOG_LEVEL, default info).
// BENCH_CPU_PROF=1 also writes a CPU profile of every service into .run/profiles and prints where
// calc's, the gateway's and the web entry's time went. BENCH_PORT_OFFSET moves every port (1000).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { ROOT, buildWeb, ensureNodeModules, log } from '../scripts/lib/deps';

ensureNodeModules();
if (!existsSync(path.join(ROOT, 'web/dist/index.html'))) buildWeb();
const { startStack } = await import('../scripts/lib/stack');
const { SERVICES, offsetPorts } = await import('../scripts/lib/processes');
const { autocannon } = await import('./lib/autocannon');
type LoadOptions = import('./lib/autocannon').LoadOptions;
type LoadResult = import('./lib/autocannon').LoadResult;
const { summarizeProfiles } = await import('./lib/cpu-profile');
const { cpuMs } = await import('../scripts/lib/proc-cpu');

const connections = Number(process.env.CONNECTIONS ?? 50);
const seconds = Number(process.env.SECONDS ?? 8);
const soakSeconds = Number(process.env.SOAK ?? 60);
const profileDir = path.join(ROOT, '.run/profiles');
const profiling = process.env.BENCH_CPU_PROF === '1';
// Where each process writes its memory after a full GC when asked (SIGUSR2, bench/heap-probe.ts).
const heapDir = mkdtempSync(path.join(os.tmpdir(), 'bench-heap-'));
// tsx first: the probe is TypeScript too.
const probeArgs = ['--expose-gc', '--import', 'tsx', '--import', path.join(ROOT, 'bench/heap-probe.ts')];

const body = JSON.stringify({
  params: {
    totalNodes: 256, activeCommunityNodes: 20, standbyNodes: 200, rewardPerHour: 10, nodeCostPerMonth: 35,
    shmPrice: 0.1265, shmStake: 2400, totalSupply: 249000000, circulatingSupply: 80000000,
    investmentAmount: 10000, targetEarnings: 100000, targetTimeframe: 12, targetShmPrice: 1,
  },
  walletAddress: '0x0000000000000000000000000000000000000000',
});

// The defaults + BENCH_PORT_OFFSET (1000), so a bench can run beside `npm start` or another bench.
const ports = offsetPorts(Number(process.env.BENCH_PORT_OFFSET ?? 1000));
const only = ['calc', 'network', 'gateway', 'web'];
if (profiling) {
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
}
const stack = await startStack({
  ports,
  only,
  env: { BENCH_HEAP_DIR: heapDir },
  nodeArgs: [...probeArgs, ...(profiling ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
  logDir: path.join(ROOT, '.run/bench-logs'),
});
const pids: Record<string, number> = {};
SERVICES.filter((service) => only.includes(service.name)).forEach((service, index) => {
  const pid = stack.children[index]?.pid;
  if (pid !== undefined) pids[service.name] = pid;
});
const echo = spawn(process.execPath, [...probeArgs, path.join(ROOT, 'bench/echo-server.ts')], {
  env: { ...process.env, BENCH_HEAP_DIR: heapDir },
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (echo.pid !== undefined) pids.echo = echo.pid;

type ByProcess<T> = Record<string, T>;

const rssMb = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
};
const cpuOfAll = (): ByProcess<number> => Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
const rssOfAll = (): ByProcess<number> => Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, rssMb(pid)]));

/**
 * Every process's memory (MB) right after a full garbage collection: `rss`, and `kept`, the JS heap
 * in use plus the memory outside it that JS objects hold (Buffers): what a leak makes grow.
 */
interface Memory {
  rss: number;
  kept: number;
}

async function memoryOfAll(): Promise<ByProcess<Memory>> {
  const fileOf = (pid: number): string => path.join(heapDir, `${pid}.json`);
  for (const pid of Object.values(pids)) {
    rmSync(fileOf(pid), { force: true });
    process.kill(pid, 'SIGUSR2');
  }
  const deadline = Date.now() + 15_000;
  while (!Object.values(pids).every((pid) => existsSync(fileOf(pid)))) {
    if (Date.now() > deadline) throw new Error('a process did not report its memory after a GC (bench/heap-probe.ts)');
    await sleep(100);
  }
  const mb = (bytes: number): number => bytes / 1024 / 1024;
  return Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => {
      const { rss, heapUsed, external } = JSON.parse(readFileSync(fileOf(pid), 'utf8')) as NodeJS.MemoryUsage;
      return [name, { rss: mb(rss), kept: mb(heapUsed + external) }];
    }),
  );
}

/** The highest RSS of each process while `work` runs, sampled every 250 ms. */
async function peakRssDuring<T>(work: Promise<T>): Promise<{ result: T; peak: ByProcess<number> }> {
  const peak = rssOfAll();
  const timer = setInterval(() => {
    for (const [name, mb] of Object.entries(rssOfAll())) peak[name] = Math.max(peak[name] ?? 0, mb);
  }, 250);
  try {
    return { result: await work, peak };
  } finally {
    clearInterval(timer);
  }
}

async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await fetch(url).catch(() => undefined);
    if (res?.ok) return;
    await sleep(200);
  }
  throw new Error(`${url} never answered 200`);
}

/** A warm-up, then the measured run, with each process's CPU time per request over it (µs). */
interface Measured extends LoadResult {
  cpuPerRequest: ByProcess<number>;
}

async function measure(url: string, options: LoadOptions): Promise<Measured> {
  await autocannon(url, { ...options, connections, seconds: 2 }); // warm-up: JIT, sockets, caches
  const before = cpuOfAll();
  const result = await autocannon(url, { ...options, connections, seconds });
  const after = cpuOfAll();
  const cpuPerRequest = Object.fromEntries(Object.keys(pids).map((name) => [name, (((after[name] ?? NaN) - (before[name] ?? NaN)) * 1000) / result.requests]));
  return { ...result, cpuPerRequest };
}

const fmt = (n: number | undefined, digits = 0): string => (n !== undefined && Number.isFinite(n) ? n.toFixed(digits) : '-');
try {
  const echoPort = await new Promise<number>((resolve, reject) => {
    echo.stdout.on('data', (data: Buffer) => {
      const match = /listening (\d+)/.exec(data.toString());
      if (match) resolve(Number(match[1]));
    });
    echo.once('exit', (code) => reject(new Error(`echo server exited (${code})`)));
  });
  const base = (port: number): string => `http://127.0.0.1:${port}`;
  await waitFor(`${base(ports.WEB_PORT)}/api/shardeum-network`);
  await waitFor(`${base(ports.WEB_PORT)}/api/shm-price`);
  await sleep(2000);
  const idle = await memoryOfAll();

  const economics = '/api/calculations/economics';
  const post = { method: 'POST', body };
  const rows: (Measured & { name: string; compareTo?: string })[] = [];
  const run = async (name: string, url: string, options: LoadOptions, compareTo?: string): Promise<Measured> => {
    log(`${name}: ${connections} connections for ${seconds} s`);
    const result = await measure(url, options);
    rows.push({ name, ...result, compareTo });
    return result;
  };
  const limit = await run('bare node:http echo', `${base(echoPort)}${economics}`, post);
  const calc = await run('calc alone', `${base(ports.CALC_PORT)}${economics}`, post, 'bare node:http echo');
  const gateway = await run('gateway → calc', `${base(ports.GATEWAY_PORT)}${economics}`, post, 'calc alone');
  const web = await run('web → gateway → calc', `${base(ports.WEB_PORT)}${economics}`, post, 'gateway → calc');
  await run('network read alone', `${base(ports.NETWORK_PORT)}/api/shardeum-network`, {});
  await run('web → … → network read', `${base(ports.WEB_PORT)}/api/shardeum-network`, {}, 'network read alone');
  await run('price read alone', `${base(ports.NETWORK_PORT)}/api/shm-price`, {});
  await run('web → … → price read', `${base(ports.WEB_PORT)}/api/shm-price`, {}, 'price read alone');

  // Every process on the path warm (the reads above left calc idle), then the long run.
  await autocannon(`${base(ports.WEB_PORT)}${economics}`, { ...post, connections, seconds: 5 });
  const beforeSoak = await memoryOfAll();
  log(`soak: ${soakSeconds} s of economics through the web entry`);
  const { result: soak, peak } = await peakRssDuring(autocannon(`${base(ports.WEB_PORT)}${economics}`, { ...post, connections, seconds: soakSeconds }));
  const afterSoak = await memoryOfAll();

  console.log(`\n${connections} connections, ${seconds} s per path, POST ${economics} with the calculator defaults`);
  console.log(`${'path'.padEnd(26)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'failed'.padStart(8)}  ×limit  ×hop before`);
  const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
  for (const r of rows) {
    const before = r.compareTo ? fmt(r.rps / (byName[r.compareTo]?.rps ?? NaN), 2) : '';
    console.log(
      `${r.name.padEnd(26)}${fmt(r.rps).padStart(8)}${fmt(r.p50, 1).padStart(8)}${fmt(r.p99, 1).padStart(8)}${String(r.errors).padStart(8)}  ${fmt(r.rps / limit.rps, 3).padStart(5)}  ${before}`,
    );
  }
  // CPU per request does not depend on what else the machine runs, unlike requests/s.
  const names = Object.keys(pids);
  console.log(`\nCPU time per request (µs), by process\n${'path'.padEnd(26)}${names.map((n) => n.padStart(9)).join('')}`);
  for (const r of rows) {
    const cells = names.map((name) => ((r.cpuPerRequest[name] ?? 0) >= 1 ? fmt(r.cpuPerRequest[name]) : '·').padStart(9));
    console.log(`${r.name.padEnd(26)}${cells.join('')}`);
  }
  // Under load V8 lets its old space fill to a few times what is live before it collects, and keeps
  // the pages it freed (and a young generation sized to the allocation rate) for a while: RSS, even
  // right after a full GC, moves by ±20 % with that, not with what the process holds. A leak shows
  // in `kept` (JS heap used + Buffers, after a full GC); the peak shows what the load costs.
  console.log(`\nMemory (MB) after a full GC: RSS / kept (JS heap used + Buffers); peak: highest RSS during the soak`);
  console.log(`${'process'.padEnd(10)}${'idle'.padStart(14)}${'before soak'.padStart(16)}${'after soak'.padStart(16)}${'growth RSS / kept'.padStart(22)}${'peak'.padStart(8)}`);
  const growth: ByProcess<Memory> = {};
  const pair = (memory: Memory | undefined): string => `${fmt(memory?.rss, 1)} / ${fmt(memory?.kept, 1)}`;
  const pct = (g: number): string => `${g >= 0 ? '+' : ''}${fmt(g * 100, 1)} %`;
  for (const name of Object.keys(pids)) {
    const after = afterSoak[name];
    const before = beforeSoak[name];
    const grown = { rss: (after?.rss ?? NaN) / (before?.rss ?? NaN) - 1, kept: (after?.kept ?? NaN) / (before?.kept ?? NaN) - 1 };
    growth[name] = grown;
    console.log(
      `${name.padEnd(10)}${pair(idle[name]).padStart(14)}${pair(beforeSoak[name]).padStart(16)}${pair(afterSoak[name]).padStart(16)}${`${pct(grown.rss)} / ${pct(grown.kept)}`.padStart(22)}${fmt(peak[name], 1).padStart(8)}`,
    );
  }
  console.log(`soak through the web entry: ${fmt(soak.rps)} req/s, p99 ${fmt(soak.p99, 1)} ms, ${soak.errors} failed`);

  const targets: [string, boolean, string][] = [
    ['calc alone ≥ 0.25 × echo', calc.rps / limit.rps >= 0.25, fmt(calc.rps / limit.rps, 3)],
    ['gateway → calc ≥ 0.7 × calc alone', gateway.rps / calc.rps >= 0.7, fmt(gateway.rps / calc.rps, 2)],
    ['web → gateway → calc ≥ 0.8 × gateway → calc', web.rps / gateway.rps >= 0.8, fmt(web.rps / gateway.rps, 2)],
    ['p99 through the web entry ≤ 25 ms', web.p99 <= 25, `${fmt(web.p99, 1)} ms`],
    ['no failures through the web entry', web.errors === 0 && soak.errors === 0, String(web.errors + soak.errors)],
    [
      `no process keeps > 10 % more after the ${soakSeconds} s soak (JS heap + Buffers after a full GC)`,
      Object.values(growth).every((g) => g.kept <= 0.1),
      `max ${pct(Math.max(...Object.values(growth).map((g) => g.kept)))}`,
    ],
  ];
  console.log('\ntargets');
  for (const [name, met, figure] of targets) console.log(`  ${met ? 'met   ' : 'MISSED'}  ${name}  (${figure})`);
} finally {
  echo.kill('SIGTERM');
  await stack.stop();
  rmSync(heapDir, { recursive: true, force: true });
}
if (profiling) summarizeProfiles(profileDir, pids);
