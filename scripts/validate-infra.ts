// `npm run validate:infra`: checks the deployment files without a Docker engine or a cluster, and
// ends with "infra: N passed, N failed" (exit 1 on any failure). What it checks, and with what:
//   docker-compose.yml  — parsed (YAML merge keys), interpolated from .env.example, validated against
//                         the compose-spec JSON schema (infra/schemas/compose) with ajv; resolved by
//                         `docker-compose config` (Debian's client, no engine needed); every service
//                         has a healthcheck, every dependency exists, the payments worker runs apart,
//                         web's metrics port is not published.
//   .env.example        — lists every variable docker-compose.yml and each config file read.
//   infra/docker/*.Dockerfile — hadolint; multi-stage, numeric non-root USER, HEALTHCHECK,
//                         NODE_ENV=production, OCI labels; .dockerignore; the build context gives
//                         each build every file it reads (scripts/lib/build-context.ts). The images
//                         themselves are built and run by the containers tier (scripts/containers.ts).
//   infra/k8s/*.yaml    — kubeconform in strict mode against the vendored Kubernetes schemas
//                         (infra/schemas/kubernetes, one check per resource); probes, resources and
//                         security context of every Deployment; PDB and HPA where scaling happens;
//                         the Ingress; scrape annotations and the NetworkPolicy that admits
//                         Prometheus (scripts/lib/metrics-exposure.ts); the kustomization's list
//                         (scripts/lib/k8s-checks.ts).
//   NETWORK presets     — the network and payments services' own config schemas, loaded from compose's
//                         resolved environment and from the Kubernetes ConfigMap, hold mainnet's pinned
//                         archivers, RPC and chain id (scripts/lib/preset-checks.ts).
// Options: --root DIR (check another copy of the files, e.g. a broken one), --json FILE (the results).
// The tools are fetched or built into .run/bin on first use (scripts/lib/infra-tools.ts).
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { parse, parseAllDocuments } from 'yaml';
import { buildContextProblems, repositoryContextProblems } from './lib/build-context';
import { ROOT as REPO_ROOT } from './lib/deps';
import { HADOLINT_VERSION, ensureDockerCompose, ensureHadolint, toolVersion } from './lib/infra-tools';
import type { ComposeFile } from './lib/infra-types';
import { checkKubernetes } from './lib/k8s-checks';
import { checkNetworkPresets } from './lib/preset-checks';
import { composeMetricsProblems } from './lib/metrics-exposure';

const option = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ROOT = path.resolve(option('--root') ?? REPO_ROOT);
const JSON_OUT = option('--json');
const at = (...parts: string[]): string => path.join(ROOT, ...parts);
const rel = (file: string): string => path.relative(ROOT, file) || '.';

const results: { name: string; ok: boolean; problems: string[] }[] = [];
/** One check, one test in the summary: `run` returns its problems (none: passed). */
function check(name: string, run: () => string[] | undefined): void {
  let problems: string[];
  try {
    problems = run() ?? [];
  } catch (err) {
    problems = [err instanceof Error ? err.message : String(err)];
  }
  const ok = problems.length === 0;
  results.push({ name, ok, problems });
  console.log(`${ok ? '\x1b[32m✓\x1b[0m' : '\x1b[31m✗\x1b[0m'} ${name}`);
  for (const problem of problems) console.log(`    ${problem.replace(/\n/g, '\n    ')}`);
}
const section = (title: string): void => console.log(`\x1b[36m▸ ${title}\x1b[0m`);
const run = (command: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): SpawnSyncReturns<string> => spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', ...options });

// ─── .env.example and what reads the environment ───────────────────────────────────────────────
const envExample = existsSync(at('.env.example')) ? readFileSync(at('.env.example'), 'utf8') : '';
const listedVars = new Set([...envExample.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
const activeEnv: Record<string, string> = Object.fromEntries([...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1] ?? '', m[2] ?? '']));
/** Values for the variables compose requires, so the file can be resolved here (never used anywhere else). */
const CHECK_ONLY_VALUES = {
  INTERNAL_SECRET: 'validate-infra-placeholder-secret-0123456789',
  ADMIN_WALLET: '0x000000000000000000000000000000000000dEaD',
  PAYMENT_RECIPIENT: '0x000000000000000000000000000000000000dEaD',
};

/** The variables a zod config schema reads: its upper-case keys. */
const configKeys = (file: string): string[] => [...readFileSync(file, 'utf8').matchAll(/^\s+([A-Z][A-Z0-9_]*)\s*:/gm)].map((m) => m[1] ?? '');

/** Compose-style interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, $VAR, $$. */
function interpolate(value: unknown, env: Record<string, string | undefined>, problems: string[], where: string): unknown {
  if (typeof value === 'string') {
    type Groups = [string | undefined, string | undefined, string | undefined, string | undefined, string | undefined];
    return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (all: string, ...groups: unknown[]) => {
      const [name, colon, op, arg = '', bare] = groups as Groups;
      if (all === '$$') return '$';
      const key = name ?? bare ?? '';
      const set = env[key] !== undefined && (colon ? env[key] !== '' : true);
      if (op === '-') return set ? (env[key] ?? '') : arg;
      if (op === '?') {
        if (!set) problems.push(`${where}: ${key} is required (${arg})`);
        return env[key] ?? '';
      }
      if (op === '+') return set ? arg : '';
      return env[key] ?? '';
    });
  }
  if (Array.isArray(value)) return value.map((item: unknown, i) => interpolate(item, env, problems, `${where}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([field, item]) => [field, interpolate(item, env, problems, `${where}.${field}`)]));
  }
  return value;
}

// ─── docker-compose.yml ────────────────────────────────────────────────────────────────────────
section('docker-compose.yml');
const composeFile = at('docker-compose.yml');
const composeText = readFileSync(composeFile, 'utf8');
let compose: ComposeFile | undefined;
const composeEnv = { ...activeEnv, ...CHECK_ONLY_VALUES };

check('compose: parses, and .env.example lists every variable it reads', () => {
  const doc = parseAllDocuments(composeText, { merge: true });
  const errors = doc.flatMap((d) => d.errors.map((e) => e.message));
  if (errors.length) return errors;
  const problems: string[] = [];
  compose = interpolate(parse(composeText, { merge: true }), composeEnv, problems, 'docker-compose.yml') as ComposeFile;
  const read = new Set([...composeText.matchAll(/(?<!\$)\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]));
  for (const name of read) if (name && !(name in activeEnv)) problems.push(`${name} is read by docker-compose.yml but has no uncommented line in .env.example`);
  return problems;
});

check('compose: valid against the compose-spec schema (ajv)', () => {
  if (!compose) return ['not parsed'];
  const schema = JSON.parse(readFileSync(at('infra/schemas/compose/compose-spec.json'), 'utf8')) as Record<string, unknown>;
  delete schema.$schema; // draft-07, ajv's default; the file names it without the trailing '#'
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
  if (validate(compose)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`);
});

check('compose: healthchecks, dependencies, payments worker, dashboard and alerts', () => {
  if (!compose) return ['not parsed'];
  const problems: string[] = [];
  const services = compose.services ?? {};
  for (const [name, service] of Object.entries(services)) {
    if (!service.healthcheck?.test) problems.push(`${name} has no healthcheck`);
    const deps = Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});
    for (const dep of deps) if (!services[dep]) problems.push(`${name} depends on ${dep}, which is not a service`);
    for (const [dep, spec] of Object.entries(Array.isArray(service.depends_on) ? {} : (service.depends_on ?? {}))) {
      if (spec?.condition === 'service_healthy' && services[dep] && !services[dep]?.healthcheck) problems.push(`${name} waits for ${dep} to be healthy, which has no healthcheck`);
    }
  }
  for (const required of ['gateway', 'calc', 'network', 'payments', 'payments-worker', 'dashboard', 'alerts', 'web', 'redis', 'mongo']) {
    if (!services[required]) problems.push(`no ${required} service`);
  }
  if (services['payments-worker'] && services['payments-worker'].environment?.PAYMENTS_ROLE !== 'worker') problems.push('payments-worker does not set PAYMENTS_ROLE=worker');
  if (services.payments && services.payments.environment?.PAYMENTS_ROLE !== 'api') problems.push('payments does not set PAYMENTS_ROLE=api');
  if (services.dashboard && services.dashboard.environment?.DASHBOARD_PORT !== '8104') problems.push('dashboard does not listen on 8104');
  if (services.alerts && services.alerts.environment?.ALERTS_PORT !== '8105') problems.push('alerts does not listen on 8105');
  return problems;
});

check('compose: web serves its metrics on a port it does not publish', () => composeMetricsProblems(compose));

let composeClient: string | undefined;
let composeProblem = '';
try {
  composeClient = ensureDockerCompose();
} catch (err) {
  composeProblem = `docker-compose could not be installed: ${err instanceof Error ? err.message : String(err)}`;
}
const composeVersion = composeClient ? toolVersion(composeClient, ['version', '--short']) : 'missing';
check(`compose: \`docker-compose config\` resolves it (docker-compose ${composeVersion})`, () => {
  if (!composeClient) return [composeProblem];
  const result = run(composeClient, ['--project-directory', ROOT, '-f', composeFile, '--env-file', at('.env.example'), 'config', '--quiet'], {
    env: { ...process.env, ...CHECK_ONLY_VALUES },
  });
  return result.status === 0 ? [] : [(result.stderr || result.stdout || `exit ${result.status}`).trim()];
});

// ─── .env.example ──────────────────────────────────────────────────────────────────────────────
section('.env.example');
const configFiles = [
  ...readdirSync(at('services'))
    .map((name) => `services/${name}/src/config.ts`)
    .filter((file) => existsSync(at(file))),
  'web/server/config.ts',
  // What every service's schema extends (NODE_ENV, LOG_LEVEL, BIND_HOST, REDIS_URL, SHUTDOWN_TIMEOUT_MS).
  'packages/platform/src/base-env.ts',
];
for (const file of configFiles) {
  check(`.env.example lists every variable of ${file}`, () =>
    configKeys(at(file))
      .filter((key) => !listedVars.has(key))
      .map((key) => `${key} is missing`),
  );
}
check('.env.example lists LOG_LEVEL (packages/platform/src/logger.ts) and holds no real secret', () => {
  const problems = listedVars.has('LOG_LEVEL') ? [] : ['LOG_LEVEL is missing'];
  for (const key of ['INTERNAL_SECRET', 'ADMIN_WALLET', 'PAYMENT_RECIPIENT']) {
    if (activeEnv[key]) problems.push(`${key} has a value; required secrets stay empty in the example`);
  }
  return problems;
});

// ─── Dockerfiles ───────────────────────────────────────────────────────────────────────────────
section('Dockerfiles');
const dockerfiles = readdirSync(at('infra/docker'))
  .filter((name) => name.endsWith('.Dockerfile'))
  .map((name) => at('infra/docker', name));
let hadolint: string | undefined;
for (const file of dockerfiles) {
  check(`hadolint ${HADOLINT_VERSION}: ${rel(file)}`, () => {
    hadolint ??= ensureHadolint();
    const result = run(hadolint, ['--no-color', file]);
    return result.status === 0 ? [] : [(result.stdout + result.stderr).trim() || `exit ${result.status}`];
  });
  check(`image policy: ${rel(file)} (multi-stage, non-root, HEALTHCHECK, NODE_ENV, OCI labels)`, () => {
    const text = readFileSync(file, 'utf8').replace(/\\\n/g, ' ');
    const stages = text.split(/^FROM\s/m).slice(1);
    const last = stages.at(-1) ?? '';
    const problems = [];
    if (stages.length < 2) problems.push('not multi-stage');
    const user = [...last.matchAll(/^USER\s+(\S+)/gm)].at(-1)?.[1];
    if (!user || !/^[1-9]\d*(:\d+)?$/.test(user)) problems.push(`the runtime stage's USER is ${user ?? 'unset'}; want a numeric non-root uid`);
    if (!/^HEALTHCHECK\s/m.test(last)) problems.push('no HEALTHCHECK in the runtime stage');
    if (!/^ENV\s.*NODE_ENV=production/m.test(last)) problems.push('the runtime stage does not set NODE_ENV=production');
    for (const label of ['title', 'version', 'revision', 'created']) {
      if (!last.includes(`org.opencontainers.image.${label}=`)) problems.push(`no org.opencontainers.image.${label} label`);
    }
    return problems;
  });
}

// The build context: every COPY source let in by .dockerignore, and every file the copied sources
// read (a tsconfig's `extends`, relative imports) copied in the same stage (scripts/lib/build-context.ts).
const contextFiles = run('git', ['ls-files', '--cached', '--others', '--exclude-standard']).stdout.split('\n').filter(Boolean);
for (const file of dockerfiles) {
  check(`build context: ${rel(file)} copies every file its build reads, and .dockerignore lets each in`, () => repositoryContextProblems(ROOT, rel(file), contextFiles));
}
check('build context: the check finds a tsconfig it extends left out, and a doc it imports ignored', () => {
  const web = readFileSync(at('infra/docker/web.Dockerfile'), 'utf8');
  const ignore = existsSync(at('.dockerignore')) ? readFileSync(at('.dockerignore'), 'utf8') : '';
  const read = (name: string): string => (existsSync(at(name)) ? readFileSync(at(name), 'utf8') : '');
  const broken = {
    'web.Dockerfile without COPY tsconfig.base.json': buildContextProblems({ dockerfile: web.replace(/^COPY tsconfig\.base\.json .*$/m, ''), dockerignore: ignore, files: contextFiles, read }),
    '.dockerignore leaving out docs/': buildContextProblems({ dockerfile: web.replace(/^COPY docs\/.*$/m, ''), dockerignore: `${ignore}\ndocs\n`, files: contextFiles, read }),
  };
  const expected = { 'web.Dockerfile without COPY tsconfig.base.json': 'tsconfig.base.json', '.dockerignore leaving out docs/': 'docs/methodology.md' };
  return Object.entries(broken)
    .filter(([name, problems]) => !problems.some((problem) => problem.includes(expected[name as keyof typeof expected])))
    .map(([name, problems]) => `${name}: not caught (${problems.join('; ') || 'no problem found'})`);
});

check('.dockerignore keeps out node_modules, dist, .git, .run, .env and test output', () => {
  const file = at('.dockerignore');
  if (!existsSync(file)) return ['no .dockerignore'];
  const lines = new Set(readFileSync(file, 'utf8').split('\n').map((l) => l.trim()));
  return ['**/node_modules', '**/dist', '.git', '.run', '.env', 'coverage', 'test-results']
    .filter((pattern) => !lines.has(pattern))
    .map((pattern) => `${pattern} is not ignored`);
});

// ─── Kubernetes (scripts/lib/k8s-checks.ts) ────────────────────────────────────────────────────
checkKubernetes({ root: ROOT, check, section, run, rel });

// ─── NETWORK presets (scripts/lib/preset-checks.ts) ────────────────────────────────────────────
checkNetworkPresets({ root: ROOT, check, section, run, rel }, compose);

// ─── summary ───────────────────────────────────────────────────────────────────────────────────
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
if (JSON_OUT) writeFileSync(JSON_OUT, `${JSON.stringify({ passed, failed, results }, null, 2)}\n`);
console.log(`infra: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
