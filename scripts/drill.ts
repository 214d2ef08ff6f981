// `npm run drill`: a fault drill. Starts the whole product on ports of its own (payments as an
// API-only process and a worker process, the chain behind a proxy payments reads it through), turns
// the payment gate on, keeps a steady load of payments and calculations going, and kills and brings
// back, one at a time with a pause between, calc, the gateway, the payments API, the payments
// worker, Redis and the RPC. Prints per fault the failures during it and after recovery and the
// time to recover, then payments paid versus confirmed and grants lost; exits 1 when confirmed ≠ paid
// or a grant was lost, 2 when the drill itself could not run. `npm run drill -- --help` lists options.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { JsonRpcProvider, type JsonRpcSigner, Wallet } from 'ethers';
import { ROOT, ensureNodeModules, log } from './lib/deps';

ensureNodeModules();
const { drillOptions } = await import('./lib/drill/options');
const { drillPorts, takenPorts } = await import('./lib/drill/ports');
const { startRpcProxy } = await import('./lib/drill/rpc-proxy');
const { gatewayClient, persist, recorder, signIn, sleep, visitorIp } = await import('./lib/drill/client');
const { calculate, checkOnce, startLoad } = await import('./lib/drill/load');
const { faultsFor } = await import('./lib/drill/faults');
const { adminContract } = await import('@shm/contracts');
type DrillOptions = import('./lib/drill/options').DrillOptions;
type DrillParts = import('./lib/drill/faults').DrillParts;
type Fault = import('./lib/drill/faults').Fault;
type FaultTimes = import('./lib/drill/report').FaultTimes;
type LoadContext = import('./lib/drill/types').LoadContext;
type Visitor = import('./lib/drill/types').Visitor;
type Call = import('./lib/drill/types').Call;
const { passed, printSummary, summarize } = await import('./lib/drill/report');

let parsed: ReturnType<typeof drillOptions>;
try {
  parsed = drillOptions();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(2);
}
if (parsed.help !== undefined) {
  console.log(parsed.help);
  process.exit(0);
}
const options: DrillOptions = parsed;

// The drill kills and restarts its own Redis, RPC and services: settings that point elsewhere are dropped.
for (const name of ['REDIS_URL', 'MONGO_URL', 'CHAIN_RPC_URL', 'ARCHIVER_URLS', 'PRICE_API_URL', 'NETWORK_RPC_URL', 'EXPLORER_API_URL']) {
  Reflect.deleteProperty(process.env, name);
}
const { SERVICES } = await import('./lib/processes');
const { startService, startStack } = await import('./lib/stack');
const { startRedis } = await import('./lib/infra/redis');
const { SHARDEUM_CHAIN_ID } = await import('./lib/infra/chain');
const { CALCULATOR_DEFAULTS } = await import('@shm/contracts');

/** Hardhat's default account #0 (the dev ADMIN_WALLET); its key is public, local chain only. */
const ADMIN_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

const { PAYMENTS_WORKER_PORT, RPC_PROXY_PORT, ...ports } = drillPorts(options.portOffset);
const gateway = `http://127.0.0.1:${ports.GATEWAY_PORT}`;
const logDir = path.join(ROOT, '.run', `drill-${options.portOffset}`);
const builtWeb = existsSync(path.join(ROOT, 'web/dist/index.html'));
const services = options.services.length ? options.services : SERVICES.map((s) => s.name).filter((n) => n !== 'web' || builtWeb);
if (options.portOffset === 0) {
  console.error("the drill starts from empty Redis and MongoDB data: give it a port offset of its own, not npm start's ports");
  process.exit(2);
}
for (const needed of ['calc', 'payments', 'gateway']) {
  if (!services.includes(needed)) {
    console.error(`the drill needs ${needed} among --services`);
    process.exit(2);
  }
}

// Ctrl-C ends the drill at its next wait, so the `finally` below stops what it started (a second one at once).
let interrupted = false;
process.on('SIGINT', () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  log('stopping the drill');
});
const checkInterrupt = () => {
  if (interrupted) throw new Error('interrupted');
};

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    checkInterrupt();
    if (Date.now() > deadline) return false;
    await sleep(200);
  }
  return true;
}

/** Waits `ms` unless interrupted. */
const wait = (ms: number): Promise<boolean> => until(() => false, ms);

const running: {
  chain?: JsonRpcProvider;
  proxy?: import('./lib/drill/rpc-proxy').RpcProxy;
  stack?: import('./lib/stack').Stack;
  parts?: Partial<DrillParts>;
} = {};
async function stopAll(): Promise<void> {
  running.chain?.destroy();
  await running.proxy?.stop().catch(() => {});
  await running.stack?.stop();
  const redis = running.parts?.redis;
  if (redis?.child && redis.child.exitCode === null && !redis.child.signalCode) await redis.stop();
}

/** Admin sign-in (challenge signed by the admin wallet), then paymentGate on; resolves once calc refuses an anonymous calculation. */
async function turnGateOn(): Promise<void> {
  const admin = new Wallet(ADMIN_KEY);
  const ip = visitorIp();
  const post = async <T>(route: string, body: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${gateway}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const { challenge } = await post<{ challenge: string }>(adminContract.challenge.path, { walletAddress: admin.address });
  const { adminToken } = await post<{ adminToken: string }>(adminContract.verify.path, { walletAddress: admin.address, challenge, signature: await admin.signMessage(challenge) });
  await post(adminContract.setFlag.path, { feature: 'paymentGate', enabled: true }, adminToken);
  const anonymous = async (): Promise<boolean> => {
    const res = await fetch(`${gateway}/api/calculations/economics`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ params: CALCULATOR_DEFAULTS, walletAddress: '0x0000000000000000000000000000000000000000' }),
    }).catch(() => null);
    return res?.status === 403;
  };
  if (!(await until(anonymous, 30_000))) throw new Error('calc did not follow the paymentGate flag within 30 s');
}

async function setUp(): Promise<JsonRpcSigner> {
  const taken = await takenPorts({ ...ports, PAYMENTS_WORKER_PORT, RPC_PROXY_PORT });
  if (taken.length) throw new Error(`ports already in use (${taken.join(', ')}): another drill on offset ${options.portOffset}? Choose another --port-offset`);
  // A fresh start: this offset's logs and Redis and MongoDB data (nothing else listens on its ports).
  for (const dir of [logDir, path.join(ROOT, '.run', `redis-${ports.REDIS_PORT}`), path.join(ROOT, '.run', `mongo-${ports.MONGO_PORT}`)]) {
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(logDir, { recursive: true });

  const redis = await startRedis({ port: ports.REDIS_PORT, logDir });
  running.parts = { redis };
  const proxy = await startRpcProxy({ port: RPC_PROXY_PORT, target: `http://127.0.0.1:${ports.CHAIN_PORT}` });
  running.proxy = proxy;
  const env = { WORKER_ENABLED: 'false', CHAIN_RPC_URL: proxy.url, ...options.extraEnv };
  // startStack finds this Redis already on its port and uses it; the drill owns it, so it can kill it.
  const stack = await startStack({ ports, env, logDir, only: services });
  running.stack = stack;
  const children = new Map<string, ChildProcess>();
  SERVICES.filter((service) => services.includes(service.name)).forEach((service, index) => {
    const child = stack.children[index];
    if (child) children.set(service.name, child);
  });
  const workerPorts = { ...ports, PAYMENTS_PORT: PAYMENTS_WORKER_PORT };
  const workerEnv = { ...stack.env, WORKER_ENABLED: 'true' };
  const worker = await startService('payments', { ports: workerPorts, env: workerEnv, logDir, label: 'payments-worker' });
  stack.children.push(worker);
  children.set('payments-worker', worker);
  log(`payments worker ready on port ${PAYMENTS_WORKER_PORT}; payments read the chain through ${proxy.url}`);
  Object.assign(running.parts, { children, stack, ports, env: stack.env, workerPorts, workerEnv, logDir, proxy });

  const chain = new JsonRpcProvider(`http://127.0.0.1:${ports.CHAIN_PORT}`, SHARDEUM_CHAIN_ID, { staticNetwork: true, cacheTimeout: -1 });
  running.chain = chain;
  const accounts = (await chain.send('eth_accounts', [])) as string[];
  // Hardhat's account #5 funds the payers (#0 is the admin, #1 the recipient).
  const funder = await chain.getSigner(accounts[5]);
  await turnGateOn();
  log('payment gate on');
  return funder;
}

async function signedInUnpaid(count: number): Promise<Visitor[]> {
  const call = gatewayClient(gateway, recorder());
  const visitors: Visitor[] = [];
  for (let i = 0; i < count; i += 1) {
    const wallet = Wallet.createRandom();
    const ip = visitorIp();
    const cookie = await persist(() => signIn(call, wallet, ip), () => false);
    visitors.push({ wallet: wallet.address, ip, cookie });
  }
  return visitors;
}

async function runFaults(ctx: LoadContext, faults: Record<string, Fault>): Promise<FaultTimes[]> {
  const timeline: FaultTimes[] = [];
  for (const name of options.faults) {
    const fault = faults[name];
    if (!fault) continue;
    const f: FaultTimes = { name, killAt: Date.now(), restartAt: NaN, readyAt: NaN, recoveredAt: null };
    log(`fault ${name}: killed, down for ${options.faultMs / 1000} s`);
    await fault.kill();
    await wait(Math.max(0, options.faultMs - (Date.now() - f.killAt)));
    f.restartAt = Date.now();
    await fault.restart();
    f.readyAt = Date.now();
    let recoveredAt: number | null = null;
    await until(() => (recoveredAt = ctx.rec.recoveredAt(fault.affects, f.restartAt, f.killAt)) !== null, options.recoverTimeoutMs);
    f.recoveredAt = recoveredAt;
    log(
      `fault ${name}: back up in ${((f.readyAt - f.restartAt) / 1000).toFixed(1)} s, ` +
        (recoveredAt === null ? `NOT recovered within ${options.recoverTimeoutMs / 1000} s` : `recovered in ${((recoveredAt - f.restartAt) / 1000).toFixed(1)} s`),
    );
    timeline.push(f);
    await wait(options.pauseMs);
  }
  return timeline;
}

async function finalGrantChecks(ctx: LoadContext): Promise<Call[]> {
  const finalRec = recorder();
  const finalCtx = { ...ctx, call: gatewayClient(gateway, finalRec) };
  const confirmed = ctx.payments.filter((p) => p.confirmedAt);
  for (let i = 0; i < confirmed.length; i += 5) {
    await Promise.all(
      confirmed.slice(i, i + 5).map(async (payment) => {
        // Only 403 is a lost grant; anything else (a stray 5xx) is asked again.
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const res = await calculate(finalCtx, payment);
          if (res.status === 200 || res.status === 403) return;
          await sleep(1_000);
        }
      }),
    );
  }
  return finalRec.calls;
}

let exitCode = 2;
try {
  log(`fault drill: faults ${options.faults.join(', ')}; ${options.faultMs / 1000} s down each, ${options.pauseMs / 1000} s between; gateway ${gateway}; logs in ${path.relative(ROOT, logDir)}`);
  const funder = await setUp();
  checkInterrupt();
  const rec = recorder();
  const chain = running.chain;
  if (!chain) throw new Error('the chain is not up');
  const ctx: LoadContext = { call: gatewayClient(gateway, rec), rec, chain, funder, opts: options, payments: [], stopNew: false, hardStop: false, nudgeMs: 10_000 };
  const unpaid = await signedInUnpaid(3);
  const loadStart = Date.now();
  const load = startLoad(ctx, unpaid);
  let payLoopDone = false;
  void load.payLoop.then(() => {
    payLoopDone = true;
  });
  log(`load: a payment every ${options.payEveryMs / 1000} s (at most ${options.payers} on their way), ${options.calcRate} calculations/s; warming up`);
  await wait(options.warmupMs);
  if (!(await until(() => ctx.payments.some((p) => p.confirmedAt), 60_000))) throw new Error('no payment was confirmed in the warm-up: the stack does not work without faults');

  const timeline = await runFaults(ctx, faultsFor(running.parts as DrillParts));
  const loadEnd = Date.now();
  ctx.stopNew = true;
  await load.stopCalculations();
  log(`faults over; up to ${options.graceMs / 1000} s for the payments still on their way (status checks every 5 s)`);
  ctx.nudgeMs = 5_000;
  await until(() => payLoopDone && ctx.payments.filter((p) => p.paid).every((p) => p.confirmedAt), options.graceMs);
  ctx.hardStop = true;
  await load.watchLoop;
  for (const p of ctx.payments.filter((payment) => payment.paid && payment.reportedAt && !payment.confirmedAt)) await checkOnce(ctx, p);
  const finalCalls = await finalGrantChecks(ctx);

  const summary = summarize({ faults: timeline, loadStart, loadEnd, rec, payments: ctx.payments, finalCalls, recoverTimeoutMs: options.recoverTimeoutMs });
  printSummary(summary);
  const ok = passed(summary);
  const t = summary.totals;
  console.log(
    `\ndrill ${ok ? 'PASSED' : 'FAILED'}: ${timeline.length} faults, ${t.requests} requests, ${t.failed} failed (${t.failedAfterRecovery} after recovery); ` +
      `payments paid ${t.paid}, confirmed ${t.confirmed}; grants lost ${t.grantsLost}`,
  );
  if (options.json) writeFileSync(path.resolve(options.json), JSON.stringify({ passed: ok, options, ports: { ...ports, PAYMENTS_WORKER_PORT, RPC_PROXY_PORT }, timeline, ...summary, payments: ctx.payments.map(({ cookie: _cookie, ...p }) => p), calls: rec.calls }, null, 2));
  exitCode = ok ? 0 : 1;
} catch (err) {
  if (interrupted) exitCode = 130;
  else console.error(`\nthe drill could not run: ${err instanceof Error ? err.stack : String(err)}`);
} finally {
  await stopAll();
}
process.exit(exitCode);
