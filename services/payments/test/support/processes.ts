import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../../..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(check: () => Promise<boolean>, child: ChildProcess, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** A second Hardhat chain (another chain id) for this test only. */
export async function startOtherChain(chainId: number) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/hardhat/internal/cli/cli.js'), 'node', '--hostname', '127.0.0.1', '--port', String(port), '--config', path.join(ROOT, 'infra/chain/hardhat.config.cjs')],
    { cwd: ROOT, env: { ...process.env, CHAIN_ID: String(chainId), HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' }, stdio: 'ignore' },
  );
  const answers = async () => {
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' });
      return ((await res.json()) as { result?: string }).result === `0x${chainId.toString(16)}`;
    } catch {
      return false;
    }
  };
  await waitFor(answers, child, 'hardhat node');
  return { url, stop: () => stopProcess(child) };
}

/** A Redis of this test's own (AOF on, as the project runs it), so the test may stop and restart it. */
export async function startOwnRedis() {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'payments-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--maxmemory-policy', 'noeviction', '--save', ''];
  let child: ChildProcess;
  const ping = async () => {
    const { createConnection } = await import('node:net');
    return new Promise<boolean>((resolve) => {
      const socket = createConnection(port, '127.0.0.1');
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
    });
  };
  const start = async () => {
    child = spawn('redis-server', args, { stdio: 'ignore' });
    await waitFor(ping, child, 'redis-server', 10_000);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    /** SIGTERM: Redis writes its AOF and exits, as in a restart. */
    stop: () => stopProcess(child),
    async remove() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A MongoDB-wire server (the project's FerretDB launcher, built by the infra scripts) of this test's own. */
export async function startOwnMongo() {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'payments-mongo-'));
  const child = spawn(path.join(ROOT, '.run/mongo-launcher'), ['-listen', `127.0.0.1:${port}`, '-dir', dir, '-log-level', 'error'], { stdio: 'ignore' });
  const { createConnection } = await import('node:net');
  const answers = () =>
    new Promise<boolean>((resolve) => {
      const socket = createConnection(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  await waitFor(answers, child, 'mongo-launcher', 15_000);
  return {
    url: `mongodb://127.0.0.1:${port}`,
    async remove() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
