// Starts the product's processes the same way for `npm start` and for the end-to-end tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT, log } from './deps';
import type { PartHandle } from './infra/supervise';
import { DEFAULT_PORTS, INFRA, type Ports, SERVICES, type ServiceSpec, serviceEnv } from './processes';

/** Environment variables handed to a process. */
export type Env = Record<string, string | undefined>;

/** The infrastructure of one run: the env that points services at it, its processes by part name, and its stop. */
export interface Infra {
  env: Record<string, string>;
  children: Record<string, ChildProcess>;
  stop: () => Promise<void>;
}

/** A running product: its web entry's URL, every service's process in start order, and the env they got. */
export interface Stack {
  stop: () => Promise<void>;
  url: string;
  children: ChildProcess[];
  infraChildren: Record<string, ChildProcess>;
  env: Env;
}

export interface StackOptions {
  ports?: Ports;
  /** Added to (and winning over) what services get from this process and the ports. */
  env?: Env;
  /** Each process's output goes to <logDir>/<name>.log instead of this terminal. */
  logDir?: string;
  /** Names of the services to start (all when unset), e.g. for a benchmark. */
  only?: string[];
  /** Flags for node itself (a benchmark's --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}

async function waitUntilReady(url: string, child: ChildProcess, name: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} while starting`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs} ms`);
}

/** True when something already listens on the port (then a new service there could not start). */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 8000).unref();
  });
}

/** Starts the infrastructure parts (Redis, …) and returns the env that points services at them. */
export async function startInfra({ ports = DEFAULT_PORTS, logDir }: { ports?: Ports; logDir?: string } = {}): Promise<Infra> {
  if (logDir) mkdirSync(logDir, { recursive: true });
  const started: PartHandle[] = [];
  const env: Record<string, string> = {};
  /** The processes started, by part name (a part given by URL has none). */
  const children: Record<string, ChildProcess> = {};
  try {
    for (const part of INFRA) {
      const handle = await part.start(ports, logDir);
      started.push(handle);
      env[part.env] = handle.url;
      if (handle.child) children[part.name] = handle.child;
    }
  } catch (err) {
    for (const handle of started.reverse()) await handle.stop();
    throw err;
  }
  return { env, children, stop: async () => { for (const handle of started.reverse()) await handle.stop(); } };
}

/**
 * Starts infrastructure, then every service with the given ports. `logDir` sends each process's
 * output to a file (tests); otherwise output goes to this terminal with a name prefix.
 */
export async function startStack({ ports = DEFAULT_PORTS, env = {}, logDir, only, nodeArgs = [] }: StackOptions = {}): Promise<Stack> {
  if (logDir) mkdirSync(logDir, { recursive: true });
  const infra = await startInfra({ ports, logDir });
  const fullEnv = { ...process.env, ...serviceEnv(ports), ...infra.env, ...env };
  const children: ChildProcess[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all([...children].reverse().map(stopChild));
    await infra.stop();
  };
  try {
    for (const service of SERVICES.filter((s) => !only || only.includes(s.name))) {
      const port = ports[service.port];
      if (await portTaken(port)) {
        throw new Error(`port ${port} (${service.name}) is already in use: is the product already running? Stop it, or set ${service.port}`);
      }
      const child = spawnService(service, { env: fullEnv, label: service.name, logDir, nodeArgs });
      children.push(child);
      await waitUntilReady(`http://127.0.0.1:${port}${service.ready}`, child, service.name);
      log(`${service.name} ready`);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { stop, url: `http://localhost:${ports.WEB_PORT}`, children, infraChildren: infra.children, env: fullEnv };
}

/**
 * `node --import tsx <entry>`. With a log directory the process writes straight into its file (no
 * copying through this process, which a benchmark would pay for); otherwise its lines come to this
 * terminal with a name prefix.
 */
interface SpawnOptions {
  env: Env;
  label: string;
  logDir?: string;
  nodeArgs?: string[];
}

function spawnService(service: ServiceSpec, { env, label, logDir, nodeArgs = [] }: SpawnOptions): ChildProcess {
  const fd = logDir ? openSync(path.join(logDir, `${label}.log`), 'a') : undefined;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, service.entry)], {
    cwd: ROOT,
    env,
    stdio: fd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', fd, fd],
  });
  if (fd === undefined) prefixOutput(child, label);
  else closeSync(fd);
  return child;
}

function prefixOutput(child: ChildProcess, name: string): void {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
    });
  }
}

/**
 * Starts one service of SERVICES by name, as startStack does, with the env a stack's services get
 * (`stack.env`); `ports[<its port var>]` is its port. The fault drill brings a killed service back
 * this way, and runs a second payments instance under its own `label` (its log file's name).
 * Resolves with the child once it answers ready; stops it and throws otherwise.
 */
interface ServiceOptions {
  ports?: Ports;
  env?: Env;
  logDir?: string;
  label?: string;
}

export async function startService(name: string, { ports = DEFAULT_PORTS, env = process.env, logDir, label = name }: ServiceOptions = {}): Promise<ChildProcess> {
  const service = SERVICES.find((s) => s.name === name);
  if (!service) throw new Error(`no service named ${name}`);
  const port = ports[service.port];
  if (await portTaken(port)) throw new Error(`port ${port} (${label}) is already in use`);
  const child = spawnService(service, { env: { ...env, [service.port]: String(port) }, label, logDir });
  try {
    await waitUntilReady(`http://127.0.0.1:${port}${service.ready}`, child, label);
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return child;
}
