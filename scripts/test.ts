// `npm test`: every tier in order — type-check, lint (ESLint, 0 warnings), deps (import rules and the
// lock file), infra (deployment files), unit,
// component, integration, end-to-end, lighthouse (the first pages against score floors), load (a k6
// smoke), containers (every image built and the compose stack checked) — then one summary line.
// `npm test -- unit component` runs only the named tiers; arguments after a second `--` go to jest
// (`npm test -- component -- services/calc` runs the component tests under services/calc).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, buildWeb, ensureDebianPackage, ensureNodeModules, log } from './lib/deps';
import type { Env, Stack } from './lib/stack';

const ALL_TIERS = ['typecheck', 'lint', 'deps', 'infra', 'unit', 'component', 'integration', 'e2e', 'lighthouse', 'load', 'containers'];
const args = process.argv.slice(2);
const split = args.indexOf('--');
const requested = split < 0 ? args : args.slice(0, split);
const jestArgs = split < 0 ? [] : args.slice(split + 1);
const tiers = requested.length ? requested : ALL_TIERS;
const unknown = tiers.filter((tier) => !ALL_TIERS.includes(tier));
if (unknown.length) {
  console.error(`unknown tier(s): ${unknown.join(', ')}; known: ${ALL_TIERS.join(', ')}`);
  process.exit(2);
}

const RUN_DIR = path.join(ROOT, '.run');
mkdirSync(RUN_DIR, { recursive: true });
const totals = { passed: 0, failed: 0 };
const failedTiers: string[] = [];

function exec(command: string, args: string[], env: Env = {}): boolean {
  return spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;
}

/**
 * Runs one jest project; resolves whether it passed and adds its counts to the totals. With `logFile`
 * its output goes there (a phase running beside another) and is printed once it ends.
 */
function jest(tier: string, extraArgs: string[] = [], env: Env = {}, label = tier, { logFile }: { logFile?: string } = {}): Promise<boolean> {
  const report = path.join(RUN_DIR, `jest-${label}.json`);
  rmSync(report, { force: true });
  const out = logFile ? openSync(logFile, 'w') : undefined;
  const child = spawn(
    process.execPath,
    // The caller's path filters before the tier's options: an array option given as `--opt=value`
    // (--testPathIgnorePatterns) still takes the positional arguments after it as more values, which
    // turned a path filter into a pattern to leave out.
    [path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--selectProjects', tier, '--json', `--outputFile=${report}`, ...jestArgs, ...extraArgs],
    { cwd: ROOT, stdio: out === undefined ? 'inherit' : ['ignore', out, out], env: { ...process.env, ...env } },
  );
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      if (out !== undefined && logFile !== undefined) {
        closeSync(out);
        process.stdout.write(readFileSync(logFile, 'utf8'));
      }
      let ok = code === 0;
      if (existsSync(report)) {
        const result = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTests: number };
        totals.passed += result.numPassedTests;
        totals.failed += result.numFailedTests;
        if (result.numTotalTests === 0) {
          console.error(`the ${label} tier ran no test`);
          ok = false;
        }
      }
      resolve(ok);
    });
  });
}

/** Port steps from the test ports: a second jest worker's real parts, and the e2e tier's live phase. */
const WORKER_PORT_STEP = 600;
const LIVE_PORT_STEP = 1200;

/**
 * Component and integration tests talk to the real infrastructure (Redis, MongoDB wire, chain) on the
 * test ports. With `workers` > 1 each jest worker gets a set of its own (the next on ports moved by
 * WORKER_PORT_STEP, scripts/lib/worker-infra.ts hands a file its worker's set): files run two at a
 * time, and no two ever share a server.
 */
async function withInfra(tier: string, { workers = 1 } = {}): Promise<boolean> {
  const { startInfra } = await import('./lib/stack');
  const { TEST_PORT_OFFSET, offsetPorts } = await import('./lib/processes');
  const sets: Awaited<ReturnType<typeof startInfra>>[] = [];
  try {
    for (let i = 0; i < workers; i += 1) {
      const logDir = path.join(RUN_DIR, `${tier}-logs${i ? `-${i + 1}` : ''}`);
      sets.push(await startInfra({ ports: offsetPorts(TEST_PORT_OFFSET + i * WORKER_PORT_STEP), logDir }));
    }
    const env = { ...sets[0]?.env, TEST_INFRA_BY_WORKER: JSON.stringify(sets.map((set) => set.env)) };
    return await jest(tier, workers > 1 ? [`--maxWorkers=${workers}`] : ['--runInBand'], env);
  } finally {
    await Promise.all(sets.map((set) => set.stop()));
  }
}

/** Counts `{ passed, failed }` from a script's JSON report; a script that wrote none counts as one failure. */
function addReport(report: string, ok: boolean): boolean {
  if (!existsSync(report)) {
    totals.failed += 1; // it stopped before its report: count the tier as one failure
    return false;
  }
  const result = JSON.parse(readFileSync(report, 'utf8')) as { passed: number; failed: number };
  totals.passed += result.passed;
  totals.failed += result.failed;
  return ok && result.passed > 0;
}

const runners: Record<string, () => boolean | Promise<boolean>> = {
  typecheck: () => {
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    return exec(process.execPath, [tsc, '-p', 'tsconfig.json']) && exec(process.execPath, [tsc, '-p', 'web/tsconfig.json']);
  },
  // ESLint over the repository (eslint.config.mjs), 0 warnings allowed; the run is one test.
  lint: async () => {
    const { lintRepository } = await import('./lib/lint');
    const result = lintRepository();
    totals.passed += result.passed;
    totals.failed += result.failed;
    return result.failed === 0 && result.passed > 0;
  },
  // The import rules (.dependency-cruiser.cjs): no cross-service imports, no cycles, layers kept; and
  // package-lock.json in step with the package.json files (what `npm ci` installs on a fresh clone).
  deps: async () => {
    const { checkImportRules } = await import('./lib/import-rules');
    const { checkLockSync } = await import('./lib/lock-sync');
    let failed = 0;
    for (const result of [checkImportRules(), checkLockSync()]) {
      totals.passed += result.passed;
      totals.failed += result.failed;
      failed += result.failed;
    }
    return failed === 0;
  },
  // docker-compose.yml, the Dockerfiles, infra/k8s and .env.example (scripts/validate-infra.ts); each
  // validation counts as one test in the summary.
  infra: () => {
    const report = path.join(RUN_DIR, 'validate-infra.json');
    rmSync(report, { force: true });
    return addReport(report, exec(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/validate-infra.ts'), '--json', report]));
  },
  // Two workers on two cores: jest's default (cores − 1) leaves one idle while the main process waits.
  unit: () => jest('unit', ['--maxWorkers=2']),
  // Two files at a time: most of a component test's time is spent waiting (timers, retries, other processes).
  component: () => withInfra('component', { workers: 2 }),
  // Services composed together through their public compose functions, on the same real parts.
  integration: () => withInfra('integration'),
  e2e: async () => {
    ensureDebianPackage('/usr/bin/chromium', 'chromium');
    buildWeb();
    const { startStack } = await import('./lib/stack');
    const { TEST_PORTS, TEST_PORT_OFFSET, offsetPorts } = await import('./lib/processes');
    // `*.live.e2e.test.ts` files run on a stack of their own (below); a path filter after `--` picks
    // the phase its files are in. The patterns are given as `--opt=value`: jest's array options
    // would take the path filters that follow as more patterns.
    const live = String.raw`\.live\.e2e\.test\.ts$`;
    const filtered = jestArgs.some((arg) => !arg.startsWith('-'));
    const wantsLive = jestArgs.some((arg) => arg.includes('live'));
    const runShared = !filtered || !wantsLive;
    const runLive = !filtered || wantsLive;
    // The two phases run side by side, each on a stack of its own: the live one on ports moved by
    // LIVE_PORT_STEP. The stacks start one after the other (the stand-in takes its data set from
    // this process's STAND_IN_DATA), then both phases' tests run at once.
    const livePorts = offsetPorts(TEST_PORT_OFFSET + LIVE_PORT_STEP);
    const stacks: { stack: Stack; after?: () => void }[] = [];
    const phases: (() => Promise<boolean>)[] = [];
    try {
      if (runShared) {
        const logDir = path.join(RUN_DIR, 'e2e-logs');
        rmSync(logDir, { recursive: true, force: true });
        // The archiver and price stand-in answers a sample that differs from the calculator defaults,
        // so the tests can tell live data from defaults (infra/stand-ins/main.ts).
        process.env.STAND_IN_DATA = 'sample';
        // The test client plays a load balancer in front of the web entry: each test file names its own
        // client address in X-Forwarded-For, so the admin rate limit (per client) never spans files.
        const stack = await startStack({ ports: TEST_PORTS, logDir, env: { WEB_TRUSTED_PROXIES: 'loopback' } });
        stacks.push({ stack });
        phases.push(() => jest('e2e', ['--runInBand', `--testPathIgnorePatterns=${live}`], { ...stack.env, STAND_IN_DATA: 'sample', E2E_BASE_URL: stack.url }));
      }
      if (runLive) {
        // Watched nodes followed live (docs/my-nodes.md): the stand-in's small `watch` network moves
        // on every 5 s, the network service polls every 2 s, alerts retry within a second, and the
        // alerts service serves the API only: the tests run (and kill) the alert worker themselves.
        process.env.STAND_IN_DATA = 'watch';
        // A fresh Redis and MongoDB, before and after: the stand-in starts its network at the same cycle
        // counter on every run, so cycles, node states and poll schedules kept from an earlier run
        // would describe another network under the same counters.
        const wipe = () => {
          for (const dir of [`redis-${livePorts.REDIS_PORT}`, `mongo-${livePorts.MONGO_PORT}`]) rmSync(path.join(RUN_DIR, dir), { recursive: true, force: true });
        };
        wipe();
        const liveLogs = path.join(RUN_DIR, 'e2e-live-logs');
        rmSync(liveLogs, { recursive: true, force: true });
        const stack = await startStack({
          ports: livePorts,
          logDir: liveLogs,
          env: {
            WEB_TRUSTED_PROXIES: 'loopback',
            NETWORK_POLL_MS: '2000',
            ALERTS_ROLE: 'api',
            ALERT_BACKOFF_MS: '300',
            ALERT_LOCK_MS: '3000',
            ALERT_STALLED_INTERVAL_MS: '1000',
          },
        });
        stacks.push({ stack, after: wipe });
        const output = phases.length ? { logFile: path.join(RUN_DIR, 'e2e-live.log') } : {};
        phases.push(() => jest('e2e', ['--runInBand', `--testPathPatterns=${live}`], { ...stack.env, STAND_IN_DATA: 'watch', E2E_BASE_URL: stack.url }, 'e2e-live', output));
      }
      const results = await Promise.all(phases.map((phase) => phase()));
      return results.every(Boolean);
    } finally {
      for (const { stack, after } of stacks) {
        await stack.stop();
        after?.();
      }
    }
  },
  // Lighthouse once per page (/, /network, /methodology, /api/docs) and preset (desktop, mobile) with
  // every flag on, against FLOORS (scripts/lib/lighthouse-run.ts: the targets of `npm run lighthouse`
  // less the noise of one run on a shared 2-core machine); each page × preset counts as one test. The
  // stack is the product as an operator runs it (no test settings, the stand-in's default data), on
  // ports of its own: the defaults + LIGHTHOUSE_PORT_OFFSET (TEST_PORT_OFFSET + 3000 unless set, web on
  // 21080), so the flags it sets never land in the e2e stack's Redis. Reports: .run/lighthouse-tier/.
  lighthouse: async () => {
    const { offsetPorts, TEST_PORT_OFFSET } = await import('./lib/processes');
    const { FLOORS, PAGES, PRESETS, measure } = await import('./lib/lighthouse-run');
    const { report } = await import('./lib/lighthouse-report');
    const offset = Number(process.env.LIGHTHOUSE_PORT_OFFSET ?? TEST_PORT_OFFSET + 3000);
    // The e2e tier leaves its stand-in data set in this process's environment; this stack gets the default.
    const standInData = process.env.STAND_IN_DATA;
    delete process.env.STAND_IN_DATA;
    try {
      const outDir = path.join(RUN_DIR, 'lighthouse-tier');
      const results = await measure({ ports: offsetPorts(offset), pages: PAGES, presets: PRESETS, states: ['all'], runs: 1, outDir });
      const checked = report(results, FLOORS, { title: 'floors' });
      const failed = checked.filter((r) => r.missed.length).length;
      totals.passed += checked.length - failed;
      totals.failed += failed;
      console.log(`reports: ${path.relative(ROOT, outDir)}/`);
      return failed === 0 && checked.length === PAGES.length * PRESETS.length;
    } catch (err) {
      console.error(err);
      totals.failed += 1; // the product or an audit could not run: count the tier as one failure
      return false;
    } finally {
      if (standInData === undefined) delete process.env.STAND_IN_DATA;
      else process.env.STAND_IN_DATA = standInData;
    }
  },
  // The k6 smoke (`npm run load -- --smoke`): every scenario for a few seconds through the web entry
  // of a stack of its own on the test ports, with loose thresholds that still fail on any error;
  // each scenario counts as one test. k6 is built into .run/bin the first time.
  load: async () => {
    const { TEST_PORT_OFFSET } = await import('./lib/processes');
    const report = path.join(RUN_DIR, 'load-smoke.json');
    rmSync(report, { force: true });
    const ok = exec(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/load.ts'), '--smoke', '--port-offset', String(TEST_PORT_OFFSET), '--json', report]);
    return addReport(report, ok);
  },
  // The product in its containers (scripts/containers.ts): the seven images built from the Dockerfiles
  // as written, docker-compose.yml started with a chain and an archiver peer, a visitor's and an
  // operator's checks through the web container, then everything removed; each image and each check
  // counts as one test. The web and chain ports are the defaults + TEST_PORT_OFFSET + 3600 (web on 21680).
  containers: async () => {
    const { TEST_PORT_OFFSET } = await import('./lib/processes');
    const report = path.join(RUN_DIR, 'containers.json');
    rmSync(report, { force: true });
    const ok = exec(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/containers.ts'), '--port-offset', String(TEST_PORT_OFFSET + 3600), '--json', report]);
    return addReport(report, ok);
  },
};

ensureNodeModules();
for (const tier of tiers) {
  log(`tier: ${tier}`);
  const started = Date.now();
  let ok = false;
  try {
    ok = (await runners[tier]?.()) ?? false;
  } catch (err) {
    console.error(err);
  }
  log(`tier ${tier} ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!ok) failedTiers.push(tier);
}

if (failedTiers.length) console.error(`failed tiers: ${failedTiers.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedTiers.length ? 1 : 0);
