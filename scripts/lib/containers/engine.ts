// The container engine the containers tier builds and runs with: Docker where a daemon answers,
// otherwise podman (Debian's podman, buildah, runc, uidmap and debootstrap; podman-compose from PyPI
// in a virtual environment under .run/), installed when missing. What this host needs is detected, not assumed,
// and kept in a containers.conf of the tier's own (CONTAINERS_CONF), never in the system's files:
// - the OCI runtime: the first of crun and runc that starts a container here (crun refuses hosts
//   with hybrid cgroups, as this one);
// - default ulimits the runtime can set: from the host's hard limits, halved while it refuses them
//   (podman's defaults ask for more than some hosts allow: "error setting rlimit");
// - whether healthchecks run by themselves: podman schedules them with systemd timers, so on a host
//   without systemd the tier runs them on each container's interval itself (`podman healthcheck run`,
//   the image's own HEALTHCHECK), as the engine would;
// - a TLS-inspecting proxy between this host and the npm registry: then the host's CA bundle is
//   handed to the image builds' npm steps as the build secret `npm-ca` (never stored in a layer).
import { type SpawnSyncOptions, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, commandExists, ensureDebianPackages, log } from '../deps';

export const RUN_DIR = path.join(ROOT, '.run/containers');
const PODMAN_COMPOSE_VERSION = '1.6.0';

export interface Engine {
  kind: 'docker' | 'podman';
  /** `docker` or `podman`. */
  cli: string;
  /** The compose command, e.g. ['docker', 'compose']. */
  compose: [command: string, ...args: string[]];
  /** The environment every engine command gets (CONTAINERS_CONF for podman). */
  env: NodeJS.ProcessEnv;
  /** Flags every image build gets (podman: --format docker, so HEALTHCHECK is kept). */
  buildFlags: string[];
  /** True when the engine runs healthchecks on its own (Docker; podman with systemd). */
  runsHealthchecks: boolean;
  /** What was detected, one line each, for the tier's output. */
  notes: string[];
}

export interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end and returns its status and output (never throws). */
export function capture(command: string, args: string[], options: SpawnSyncOptions = {}): Run {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  return { status: result.status ?? 1, stdout: String(result.stdout ?? ''), stderr: String(result.stderr ?? result.error?.message ?? '') };
}

/**
 * Runs a command without blocking this process (the tier's checks go on meanwhile); resolves with its
 * status and its output, stdout and stderr interleaved as they came. With `logFile` the output is
 * written there too.
 */
export function runAsync(command: string, args: string[], { env, logFile }: { env: NodeJS.ProcessEnv; logFile?: string }): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer): void => {
      output += chunk.toString();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (err) => resolve({ status: 1, stdout: output, stderr: err.message }));
    child.once('close', (code) => {
      if (logFile) writeFileSync(logFile, output);
      resolve({ status: code ?? 1, stdout: output, stderr: '' });
    });
  });
}

const dockerAnswers = (): boolean => commandExists('docker') && capture('docker', ['info'], { timeout: 15_000 }).status === 0;

/** The engine to use, installed and configured for this host. */
export function detectEngine(): Engine {
  if (dockerAnswers() && capture('docker', ['compose', 'version']).status === 0) {
    return { kind: 'docker', cli: 'docker', compose: ['docker', 'compose'], env: { ...process.env, DOCKER_BUILDKIT: '1' }, buildFlags: [], runsHealthchecks: true, notes: ['engine: Docker (a daemon answers)'] };
  }
  const notes = [dockerAnswers() ? 'engine: podman (Docker answers but has no compose plugin)' : 'engine: podman (no Docker daemon answers)'];
  const installed = ensureDebianPackages([
    ['podman', 'podman'],
    ['buildah', 'buildah'],
    ['runc', 'runc'],
    ['debootstrap', 'debootstrap'],
    ['newuidmap', 'uidmap'],
  ]);
  if (installed.length) notes.push(`installed ${installed.join(', ')} from Debian's packages`);
  const compose = ensurePodmanCompose(notes);
  const systemd = existsSync('/run/systemd/private');
  if (!systemd) notes.push('no systemd: podman cannot schedule healthchecks, so the tier runs them on their intervals');
  const engine: Engine = { kind: 'podman', cli: 'podman', compose: [compose], env: { ...process.env, CONTAINERS_CONF: path.join(RUN_DIR, 'containers.conf') }, buildFlags: ['--format', 'docker'], runsHealthchecks: systemd, notes };
  // Until chooseRuntime has tried them: the host's limits, and the runtime podman would pick.
  writeContainersConf(engine, commandExists('crun') ? 'crun' : 'runc', startingLimits());
  return engine;
}

function ensurePodmanCompose(notes: string[]): string {
  const venv = path.join(RUN_DIR, 'venv');
  const bin = path.join(venv, 'bin/podman-compose');
  if (existsSync(bin) && capture(bin, ['--version']).stdout.includes(PODMAN_COMPOSE_VERSION)) return bin;
  mkdirSync(RUN_DIR, { recursive: true });
  log(`installing podman-compose ${PODMAN_COMPOSE_VERSION} from PyPI into .run/containers/venv`);
  const python = commandExists('python3') ? 'python3' : 'python';
  for (const [command, args] of [
    [python, ['-m', 'venv', venv]],
    [path.join(venv, 'bin/pip'), ['install', '--quiet', `podman-compose==${PODMAN_COMPOSE_VERSION}`]],
  ] as const) {
    const result = capture(command, [...args], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
  }
  notes.push(`installed podman-compose ${PODMAN_COMPOSE_VERSION} from PyPI`);
  return bin;
}

/** This process's hard limit on `Max <what>` (/proc/self/limits), or null when unlimited. */
function hardLimit(what: 'open files' | 'processes'): number | null {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((row) => row.startsWith(`Max ${what}`));
  const hard = line?.slice(`Max ${what}`.length).trim().split(/\s+/)[1];
  return hard && /^\d+$/.test(hard) ? Number(hard) : null;
}

/** A ulimit the containers get: podman's default (`wanted`) unless the host allows less. */
interface Limit {
  name: 'nofile' | 'nproc';
  /** How the runtimes name it when they cannot set it: runc "error setting rlimit type N", crun "setrlimit `RLIMIT_X`". */
  type: number;
  rlimit: string;
  value: number;
}

function startingLimits(): Limit[] {
  // podman's defaults: open files 1048576, processes 4194304.
  return [
    { name: 'nofile', type: 7, rlimit: 'RLIMIT_NOFILE', value: Math.min(hardLimit('open files') ?? 1_048_576, 1_048_576) },
    { name: 'nproc', type: 6, rlimit: 'RLIMIT_NPROC', value: Math.min(hardLimit('processes') ?? 4_194_304, 4_194_304) },
  ];
}

const limitText = (limits: Limit[]): string[] => limits.map((limit) => `${limit.name}=${limit.value}:${limit.value}`);

function writeContainersConf(engine: Engine, runtime: string, limits: Limit[]): void {
  mkdirSync(RUN_DIR, { recursive: true });
  const lines = ['[containers]', `default_ulimits = [${limitText(limits).map((limit) => JSON.stringify(limit)).join(', ')}]`, '', '[engine]', `runtime = "${runtime}"`, ''];
  writeFileSync(engine.env.CONTAINERS_CONF ?? path.join(RUN_DIR, 'containers.conf'), lines.join('\n'));
}

/**
 * Picks the first runtime that starts `image` here (needs an image on the machine: the Node base
 * image), and the ulimits it can set: from the host's hard limits, each halved while the runtime
 * says it cannot set it (a sandbox may refuse more than it reports; seen here: processes 96365
 * reported, 32768 the most a container could be given).
 */
export function chooseRuntime(engine: Engine, image: string): void {
  if (engine.kind !== 'podman') return;
  const tried: string[] = [];
  for (const runtime of ['crun', 'runc'].filter(commandExists)) {
    const limits = startingLimits();
    for (;;) {
      writeContainersConf(engine, runtime, limits);
      const probe = capture('podman', ['run', '--rm', '--network', 'none', image, 'true'], { env: engine.env });
      if (probe.status === 0) {
        engine.notes.push(`runtime: ${runtime}${tried.length ? ` (${tried.join('; ')})` : ''}; ulimits ${limitText(limits).join(', ')}`);
        return;
      }
      const refused = /error setting rlimit type (\d+)|setrlimit `(RLIMIT_\w+)`/.exec(probe.stderr);
      const limit = limits.find((candidate) => candidate.type === Number(refused?.[1]) || candidate.rlimit === refused?.[2]);
      if (limit && limit.value > 1024) {
        limit.value = Math.floor(limit.value / 2);
        continue;
      }
      tried.push(`${runtime} refused: ${probe.stderr.trim().split('\n').at(-1) ?? ''}`);
      break;
    }
  }
  throw new Error(`no OCI runtime starts a container here: ${tried.join('; ')}`);
}

/**
 * The host's CA bundle when the npm registry is reached through a TLS-inspecting proxy (Node's own
 * CA list refuses the registry's certificate, the host's accepts it); null when no proxy is in the way.
 */
export function registryCaBundle(registry = 'https://registry.npmjs.org/'): string | null {
  const probe = (extra?: string): boolean => {
    const env = { ...process.env };
    delete env.NODE_EXTRA_CA_CERTS;
    if (extra) env.NODE_EXTRA_CA_CERTS = extra;
    const script = `fetch(${JSON.stringify(registry)}, { method: 'HEAD', signal: AbortSignal.timeout(15000) }).then(() => process.exit(0), () => process.exit(1))`;
    return capture(process.execPath, ['-e', script], { env }).status === 0;
  };
  if (probe()) return null;
  const candidates = [process.env.NODE_EXTRA_CA_CERTS, process.env.SSL_CERT_FILE, '/etc/ssl/certs/ca-certificates.crt'].filter((file): file is string => Boolean(file && existsSync(file)));
  const bundle = candidates.find((file) => probe(file));
  if (!bundle) throw new Error(`the npm registry (${registry}) cannot be reached from this host, with or without its CA bundles`);
  return bundle;
}
