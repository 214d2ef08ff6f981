// `npm run containers` (and the `containers` tier of `npm test`): the product as it ships, in its
// containers. It builds every image from the repository's Dockerfiles exactly as written, starts
// docker-compose.yml (with infra/docker/compose.containers-tier.yml: a chain and an archiver peer
// instead of Shardeum's), runs what a visitor and an operator do against it (scripts/lib/containers/
// checks.ts), then stops and removes what it started. docs/operations.md, "Containers".
//   --keep              leave the stack up for a person (http://localhost:<WEB_PORT>); `npm run containers -- --down` removes it
//   --down              only remove a stack left up by --keep
//   --port-offset N     publish the web and chain ports moved by N (the tier uses the test offset)
//   --json FILE         write { passed, failed } for npm test's summary
// With podman it also has `podman kube play` create the pods of infra/k8s (scripts/lib/containers/kube-play.ts).
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Wallet } from 'ethers';
import { ROOT, log } from './lib/deps';
import { baseImages, dockerfileNodeVersion, ensureBaseImages } from './lib/containers/base-images';
import { type CheckResult, productChecks } from './lib/containers/checks';
import { PROJECT, composeStack, startOrder } from './lib/containers/compose';
import { capture, chooseRuntime, detectEngine, registryCaBundle } from './lib/containers/engine';
import { buildImages } from './lib/containers/images';
import { kubePlayProblems } from './lib/containers/kube-play';
import { offsetPorts } from './lib/processes';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const keep = args.includes('--keep');
const downOnly = args.includes('--down');
const reportFile = flag('--json');
const ports = offsetPorts(Number(flag('--port-offset') ?? 0));

const results: CheckResult[] = [];
const record = (name: string, ok: boolean, seconds: number, error?: string): void => {
  results.push({ name, ok, seconds, error });
  console.log(`${ok ? '\x1b[32m✓' : '\x1b[31m✗'} ${name}\x1b[0m (${seconds.toFixed(1)} s)${error ? `\n    ${error.split('\n').join('\n    ')}` : ''}`);
};

function finish(): never {
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  if (reportFile) writeFileSync(reportFile, JSON.stringify({ passed, failed }));
  console.log(`containers: ${passed} passed, ${failed} failed`);
  process.exit(failed || !passed ? 1 : 0);
}

const started = Date.now();
const engine = detectEngine();
engine.notes.forEach((note) => log(note));

// What docker-compose.yml requires, with values of this run's own; the peers stand in for the outside systems.
const admin = Wallet.createRandom();
const recipient = Wallet.createRandom();
const archiverKey = (JSON.parse(readFileSync(path.join(ROOT, 'infra/stand-ins/archiver-keys.json'), 'utf8')) as { archivers: { publicKey: string }[] }).archivers[0]?.publicKey;
const webUrl = `http://127.0.0.1:${ports.WEB_PORT}`;
const composeEnv: Record<string, string> = {
  NODE_VERSION: dockerfileNodeVersion(),
  INTERNAL_SECRET: randomBytes(32).toString('hex'),
  ADMIN_WALLET: admin.address,
  PAYMENT_RECIPIENT: recipient.address,
  ARCHIVER_URLS: `http://archiver:4100#${archiverKey}`,
  PRICE_API_URL: 'http://archiver:4100/api/v3/simple/price',
  CHAIN_RPC_URL: 'http://chain:8545',
  PUBLIC_ORIGIN: `http://localhost:${ports.WEB_PORT}`,
  WEB_PORT: String(ports.WEB_PORT),
  CHAIN_HOST_PORT: String(ports.CHAIN_PORT),
};
const stack = composeStack(engine, composeEnv);

async function down(): Promise<void> {
  const result = await stack.compose('down', ['down', '-v', '--remove-orphans']);
  if (result.status !== 0) console.error(result.output.slice(-2000));
}

if (downOnly) {
  await down();
  stack.close();
  log(`removed the ${PROJECT} compose project`);
  process.exit(0);
}

// Base images (pulled, or local stand-ins), the runtime that works here, the CA for npm in builds.
for (const line of ensureBaseImages(engine)) log(line);
chooseRuntime(engine, baseImages()[0].name);
engine.notes.slice(-1).forEach((note) => log(note));
const caBundle = registryCaBundle();
log(caBundle ? `the npm registry is reached through a TLS-inspecting proxy: builds get ${caBundle} as the npm-ca secret` : 'the npm registry is reached directly');

const built = await buildImages(engine, caBundle);
for (const image of built) record(`image ${image.name} builds from ${image.dockerfile}`, image.ok, image.seconds, image.error);
console.log('\n  image                                 size      build time');
for (const image of built) console.log(`  ${image.name.padEnd(36)}  ${`${(image.size / 1e6).toFixed(0)} MB`.padStart(7)}  ${`${image.seconds.toFixed(0)} s`.padStart(9)}`);
console.log('');

if (built.some((image) => !image.ok)) {
  record('the compose stack', false, 0, 'not started: an image did not build');
  stack.close();
  finish();
}

/**
 * `compose up`. Docker's compose waits for `depends_on: condition: service_healthy` itself; podman-compose
 * with podman 4.3 ignores the condition (it says so), and a service whose MongoDB was not up yet at
 * its start stayed unhealthy. So with podman the services start group by group in depends_on order,
 * each group once the one before it is healthy, as the condition asks.
 */
async function startInOrder(): Promise<{ status: number; output: string }> {
  if (engine.kind === 'docker') return stack.compose('up', ['up', '-d', '--no-build']);
  let output = '';
  for (const [i, group] of startOrder().entries()) {
    const step = await stack.compose(`up-${i + 1}`, ['up', '-d', '--no-build', ...group]);
    output += step.output;
    if (step.status !== 0) return { status: step.status, output };
    await stack.waitHealthy(120_000, group).catch((err: unknown) => {
      // The checks that follow say what is unhealthy; this says which group was not healthy in time.
      const message = `group ${i + 1} (${group.join(', ')}): ${err instanceof Error ? err.message : String(err)}`;
      output += `\n${message}`;
      log(message);
    });
  }
  return { status: 0, output };
}

// A stack left by an earlier --keep (or a killed run) would hold the ports and volumes: start clean.
await down();
log(`starting docker-compose.yml (${PROJECT}) with infra/docker/compose.containers-tier.yml; web on ${webUrl}`);
const upStarted = Date.now();
const up = await startInOrder();
if (up.status !== 0) {
  record('compose up starts every container', false, (Date.now() - upStarted) / 1000, up.output.slice(-3000));
} else {
  const execIn = (service: string, command: string[]): { status: number; stdout: string } => {
    const container = stack.containers().find((c) => c.service === service);
    if (!container) return { status: 1, stdout: '' };
    return capture(engine.cli, ['exec', container.name, ...command], { env: engine.env });
  };
  const checks = productChecks({ webUrl, chainUrl: `http://127.0.0.1:${ports.CHAIN_PORT}`, adminKey: admin.privateKey, recipient: recipient.address, stack, execIn });
  for (const check of checks) {
    const at = Date.now();
    try {
      await check.run();
      record(check.name, true, (Date.now() - at) / 1000);
    } catch (err) {
      const services = ['web', 'gateway', 'calc', 'network', 'payments', 'payments-worker', 'dashboard', 'alerts', 'node-tracking'];
      const unhealthy = stack.containers().filter((c) => !c.running || c.health !== 'healthy').map((c) => c.service);
      // A service that cannot reach its datastore says only "unknown topology": the datastores' own logs and states say why.
      const datastores = unhealthy.length ? stack.containers().filter((c) => c.service === 'mongo' || c.service === 'redis') : [];
      const states = datastores.map((c) => `${c.service}: ${c.running ? `running, ${c.health || 'no healthcheck'}` : 'not running'}`).join('; ');
      const shown = unhealthy.length ? [...unhealthy, ...datastores.map((c) => c.service)] : services.slice(0, 2);
      const logs = [states, ...shown.map((service) => `--- ${service} ---\n${stack.logs(service, 15)}`)].filter(Boolean).join('\n');
      record(check.name, false, (Date.now() - at) / 1000, `${err instanceof Error ? err.message : String(err)}\n${logs}`);
    }
  }
}

stack.close();

// infra/k8s under podman kube play: every Deployment's pods created from the built images (not started: docs/operations.md).
if (engine.kind === 'podman') {
  const at = Date.now();
  const problems = kubePlayProblems(engine, process.env.IMAGE_TAG ?? 'local');
  record('podman kube play makes every Deployment of infra/k8s into its pods: images, uid 1000, read-only roots, ConfigMap and Secret values', !problems.length, (Date.now() - at) / 1000, problems.join('\n') || undefined);
}

if (keep) {
  log(`the stack stays up: ${webUrl} (admin key ${admin.privateKey}, a throwaway of this run); \`npm run containers -- --down\` removes it`);
} else {
  await down();
  log(`stopped and removed the ${PROJECT} containers, network and volumes`);
}
log(`containers: ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
finish();
