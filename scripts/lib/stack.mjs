// Starts the product's processes the same way for `npm start` and for the end-to-end tests.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT, log } from './deps.mjs';

export const DEFAULT_PORTS = { WEB_PORT: 8080, GATEWAY_PORT: 8000, CALC_PORT: 8101 };

/** Every process of the product, in start order, with how to tell it is ready. */
function processes(ports) {
  const local = (port) => `http://127.0.0.1:${port}`;
  return [
    { name: 'calc', entry: 'services/calc/src/main.ts', ready: `${local(ports.CALC_PORT)}/readyz` },
    { name: 'gateway', entry: 'services/gateway/src/main.ts', ready: `${local(ports.GATEWAY_PORT)}/readyz` },
    { name: 'web', entry: 'web/server/main.ts', ready: `${local(ports.WEB_PORT)}/healthz` },
  ];
}

export function stackEnv(ports) {
  const local = (port) => `http://127.0.0.1:${port}`;
  return {
    ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    CALC_URL: local(ports.CALC_PORT),
    GATEWAY_URL: local(ports.GATEWAY_PORT),
    CORS_ORIGINS: `http://localhost:${ports.WEB_PORT},http://127.0.0.1:${ports.WEB_PORT}`,
  };
}

async function waitUntilReady(url, child, name, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} while starting`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs} ms`);
}

/**
 * Starts every process with the given ports. `logDir` sends each process's output to a file
 * (tests); otherwise output goes to this terminal with a name prefix.
 */
export async function startStack({ ports = DEFAULT_PORTS, env = {}, logDir } = {}) {
  const children = [];
  const fullEnv = { ...process.env, ...stackEnv(ports), ...env };
  if (logDir) mkdirSync(logDir, { recursive: true });
  const stop = async () => {
    await Promise.all(
      children.reverse().map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 8000).unref();
          }),
      ),
    );
  };
  try {
    for (const proc of processes(ports)) {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, proc.entry)], {
        cwd: ROOT,
        env: fullEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      pipeOutput(child, proc.name, logDir);
      await waitUntilReady(proc.ready, child, proc.name);
      log(`${proc.name} ready`);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { stop, url: `http://localhost:${ports.WEB_PORT}`, children };
}

function pipeOutput(child, name, logDir) {
  if (logDir) {
    const file = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
    child.stdout.pipe(file);
    child.stderr.pipe(file);
    return;
  }
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
    });
  }
}
