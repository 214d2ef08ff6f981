// `npm run load`: k6 load tests (bench/k6/). Starts the whole product on ports of its own (the
// defaults + TEST_PORT_OFFSET, 22000 unless set; from empty Redis and MongoDB data), signs the admin
// in and funds and signs in wallets on the local chain (k6 cannot sign), starts a loopback payer for
// the paid flow, then runs each scenario through the web entry and prints requests/s, p95, p99 and
// errors per scenario. Exits 1 when a threshold is missed, 2 when the run itself could not happen.
// `--smoke` is the short version the load tier of `npm test` runs; `--capacity` finds what one
// scenario holds and what happens at twice that. `npm run load -- --help` lists the options.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { JsonRpcProvider } from 'ethers';
import { ROOT, buildWeb, ensureNodeModules, log } from './lib/deps';

ensureNodeModules();
const { loadOptions } = await import('./lib/load/options');
let options: import('./lib/load/options').LoadOptions;
try {
  options = loadOptions();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(2);
}
if (options.help) {
  console.log(options.help);
  process.exit(0);
}

// The run owns its stack: settings that point elsewhere (a real archiver, another Redis) are dropped.
for (const name of ['REDIS_URL', 'MONGO_URL', 'CHAIN_RPC_URL', 'ARCHIVER_URLS', 'PRICE_API_URL', 'NETWORK_RPC_URL', 'EXPLORER_API_URL', 'STAND_IN_DATA']) {
  Reflect.deleteProperty(process.env, name);
}
const { SCENARIOS, k6Env, walletsFor } = await import('./lib/load/scenarios');
const { ensureK6, runK6 } = await import('./lib/k6');
const { SERVICES, offsetPorts } = await import('./lib/processes');
const { startService, startStack } = await import('./lib/stack');
const { takenPorts } = await import('./lib/drill/ports');
const { SHARDEUM_CHAIN_ID } = await import('./lib/infra/chain');
const { adminSession, networkLive, signedInWallets, writeFixtures } = await import('./lib/load/prepare');
const { startPayer } = await import('./lib/load/payer');
const { printCapacity, printScenarios } = await import('./lib/load/report');
const { findCapacity, overload } = await import('./lib/load/capacity');
type Scenario = import('./lib/load/scenarios').Scenario;
type RunSettings = import('./lib/load/scenarios').RunSettings;
type ScenarioResult = import('./lib/load/report').ScenarioResult;
type Step = import('./lib/load/capacity').Step;

const ports = offsetPorts(options.portOffset);
const runDir = path.join(ROOT, '.run', `load-${options.portOffset}`);
const web = `http://127.0.0.1:${ports.WEB_PORT}`;
const base = options.entry === 'gateway' ? `http://127.0.0.1:${ports.GATEWAY_PORT}` : web;
const chosen = SCENARIOS.filter((s) => (options.capacity ? s.name === options.capacityScenario : options.scenarios.includes(s.name)));
const settingsOf = (scenario: Scenario): RunSettings => ({
  ...(options.smoke ? scenario.smoke : scenario.full),
  ...(options.duration && !options.smoke ? { duration: options.duration } : {}),
  ...(options.rate && !options.smoke ? { rate: options.rate } : {}),
});

let stack: import('./lib/stack').Stack | undefined;
let payer: import('./lib/load/payer').Payer | undefined;
const stopAll = async (): Promise<void> => {
  await payer?.stop();
  await stack?.stop();
};
process.on('SIGINT', () => {
  log('stopping the load run');
  void stopAll().finally(() => process.exit(130));
});

async function startProduct(): Promise<void> {
  const taken = await takenPorts(ports);
  if (taken.length) throw new Error(`ports already in use (${taken.join(', ')}): is a run on offset ${options.portOffset} going on? Choose another --port-offset`);
  for (const dir of [runDir, path.join(ROOT, '.run', `redis-${ports.REDIS_PORT}`), path.join(ROOT, '.run', `mongo-${ports.MONGO_PORT}`)]) rmSync(dir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  if (!existsSync(path.join(ROOT, 'web/dist/index.html'))) buildWeb();
  // k6 names a client address per request, as a load balancer in front of the web entry would.
  stack = await startStack({ ports, logDir: path.join(runDir, 'logs'), env: { WEB_TRUSTED_PROXIES: 'loopback', ...options.extraEnv } });
  log(`stack up: web ${web}, k6 calls ${base}; logs in ${path.relative(ROOT, runDir)}/logs`);
}

/** Admin token, wallets and the payer; the fixtures file k6 reads. */
async function prepare(): Promise<Record<string, string>> {
  await networkLive(base);
  const adminToken = await adminSession(base);
  const paid = chosen.find((s) => s.wallets);
  const chain = new JsonRpcProvider(`http://127.0.0.1:${ports.CHAIN_PORT}`, SHARDEUM_CHAIN_ID, { staticNetwork: true, cacheTimeout: -1 });
  const count = paid ? walletsFor(settingsOf(paid)) : 0;
  if (count) log(`funding and signing in ${count} wallets for the paid flow`);
  const wallets = count ? await signedInWallets(base, chain, count) : [];
  if (paid) payer = await startPayer(chain, wallets);
  const fixtures = path.join(runDir, 'fixtures.json');
  writeFixtures(fixtures, { adminToken, wallets });
  return { BASE_URL: base, FIXTURES: fixtures, ...(payer ? { PAYER_URL: payer.url } : {}) };
}

/** The stack's processes by name, Redis, MongoDB and the chain included (for their CPU time per request). */
const processes = (): Record<string, number | undefined> => ({
  ...Object.fromEntries(SERVICES.map((service, i) => [service.name, stack?.children[i]?.pid])),
  ...Object.fromEntries(Object.entries(stack?.infraChildren ?? {}).map(([name, child]) => [name, child.pid])),
  // This process: the payer's signing and sending, for the paid flow.
  runner: process.pid,
});

async function runScenarios(k6: string, common: Record<string, string>): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const scenario of chosen) {
    const settings = settingsOf(scenario);
    log(`${scenario.name}: ${settings.rate} iterations/s for ${settings.duration} (${scenario.what})`);
    const result = await runK6(k6, path.join(ROOT, scenario.script), k6Env(settings, common), { runDir, processes: processes() });
    results.push({ name: scenario.name, what: scenario.what, rate: settings.rate, duration: settings.duration, ...result });
  }
  console.log('');
  printScenarios(results);
  return results;
}

/** Restarts the gateway with `env` on top of the stack's (the bound lifted, or back to the default). */
async function restartGateway(env: Record<string, string>): Promise<void> {
  if (!stack) throw new Error('the stack is not up');
  const index = stack.children.findIndex((child) => child.spawnargs.some((arg) => arg.endsWith('services/gateway/src/main.ts')));
  const old = stack.children[index];
  if (!old) throw new Error('no gateway in the stack');
  await new Promise<void>((resolve) => {
    if (old.exitCode !== null) return resolve();
    old.once('exit', () => resolve());
    old.kill('SIGTERM');
  });
  stack.children[index] = await startService('gateway', { ports, env: { ...stack.env, ...env }, logDir: path.join(runDir, 'logs'), label: 'gateway' });
}

/** Requests k6 keeps in flight at most while finding capacity (one per VU). */
const CAPACITY_VUS = 400;

async function runCapacity(k6: string, common: Record<string, string>): Promise<{ scenario: string; capacity: number; rows: Step[] }> {
  const scenario = chosen[0];
  if (!scenario) throw new Error(`no scenario named ${options.capacityScenario}`);
  const full = scenario.full;
  const run = (rate: number, duration: string): ReturnType<typeof runK6> =>
    // Every VU made before the run: k6 making VUs while overloaded would drop iterations itself.
    runK6(k6, path.join(ROOT, scenario.script), k6Env({ ...full, rate, duration, vus: CAPACITY_VUS, maxVus: CAPACITY_VUS, thresholds: false }, common), {
      runDir,
      processes: processes(),
    });
  log(`capacity of ${scenario.name} (${scenario.what}): held = no failure, k6 kept up, p95 < 250 ms`);
  const { capacity, steps } = await findCapacity(run, { start: Math.max(1, Math.round(full.rate / 2)) });
  if (!capacity) {
    printCapacity(steps);
    throw new Error(`${scenario.name} did not hold even 1 iteration/s`);
  }
  log(`${scenario.name} holds ${capacity} iterations/s; now ${capacity * 2} for ${options.overloadDuration}, then ${Math.round(capacity / 2)}`);
  const rows = [...steps, ...(await overload(run, capacity, options.overloadDuration))];
  if (options.compareUnbounded) {
    log('again with the gateway bound lifted (GATEWAY_MAX_IN_FLIGHT=1000000)');
    await restartGateway({ GATEWAY_MAX_IN_FLIGHT: '1000000' });
    rows.push(...(await overload(run, capacity, options.overloadDuration, ', no bound')));
    await restartGateway({});
  }
  console.log('');
  printCapacity(rows);
  return { scenario: scenario.name, capacity, rows };
}

let exitCode = 2;
try {
  const k6 = ensureK6();
  await startProduct();
  const common = await prepare();
  if (options.capacity) {
    const report = await runCapacity(k6, common);
    if (options.json) writeFileSync(path.resolve(options.json), JSON.stringify(report, null, 2));
    exitCode = 0;
  } else {
    const results = await runScenarios(k6, common);
    const passed = results.filter((r) => r.ran && r.thresholdsPassed).length;
    if (options.json) writeFileSync(path.resolve(options.json), JSON.stringify({ smoke: options.smoke, passed, failed: results.length - passed, scenarios: results }, null, 2));
    console.log(`\nload ${passed === results.length ? 'PASSED' : 'FAILED'}: ${passed} of ${results.length} scenarios within their thresholds`);
    exitCode = passed === results.length ? 0 : 1;
  }
} catch (err) {
  console.error(`\nthe load run could not run: ${err instanceof Error ? err.stack : String(err)}`);
} finally {
  await stopAll();
}
process.exit(exitCode);
