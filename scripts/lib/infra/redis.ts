// Project-managed Redis: Debian's redis-server on a project port, AOF on, noeviction (BullMQ requires it).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT, ensureDebianPackage, log } from '../deps';
import { type PartHandle, readyHandle } from './supervise';

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Starts redis-server on `port` unless one already answers there; returns its URL and a stop function. */
export async function startRedis({ port, logDir }: { port: number; logDir?: string }): Promise<PartHandle> {
  const url = `redis://127.0.0.1:${port}`;
  if (await ping(port)) {
    log(`reusing the Redis already on port ${port}`);
    return { url, stop: async () => {} };
  }
  ensureDebianPackage('redis-server', 'redis-server');
  const dir = path.join(ROOT, '.run', `redis-${port}`);
  mkdirSync(dir, { recursive: true });
  const args = [
    '--port', String(port),
    '--bind', '127.0.0.1',
    '--dir', dir,
    '--appendonly', 'yes',
    '--maxmemory-policy', 'noeviction',
    '--save', '',
    '--daemonize', 'no',
    '--logfile', logDir ? path.join(logDir, 'redis.log') : '',
  ];
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  const handle = await readyHandle({ child, name: 'redis-server', url, isReady: () => ping(port), timeoutMs: 10_000 });
  log(`redis ready on ${url}`);
  return handle;
}
