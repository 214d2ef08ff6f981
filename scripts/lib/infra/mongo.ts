// Project-managed MongoDB wire-protocol server: FerretDB 1.x with its SQLite backend, embedded in a tiny
// Go launcher (infra/mongo-launcher) because no mongod exists for these machines. Built with `go build`
// into .run/ when missing or older than its sources. docker-compose and production use the official
// mongo image instead (MONGO_URL).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT, commandExists, log, run } from '../deps';
import { type PartHandle, readyHandle } from './supervise';

const SOURCE_DIR = path.join(ROOT, 'infra/mongo-launcher');
const BINARY = path.join(ROOT, '.run/mongo-launcher');
const SOURCES = ['main.go', 'go.mod', 'go.sum'];

/** True when a MongoDB wire-protocol server answers ping at the URL. */
async function ping(url: string): Promise<boolean> {
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 500, connectTimeoutMS: 500 });
  try {
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => {});
  }
}

/** Builds the launcher unless the binary is newer than every source file (keeps start fast). */
export function ensureLauncher(): string {
  const built = existsSync(BINARY) ? statSync(BINARY).mtimeMs : 0;
  const newest = Math.max(...SOURCES.map((f) => statSync(path.join(SOURCE_DIR, f)).mtimeMs));
  if (built >= newest) return BINARY;
  if (!commandExists('go')) {
    throw new Error('Go is needed to build the local MongoDB server (infra/mongo-launcher); install Go or set MONGO_URL');
  }
  log('building the local MongoDB server (FerretDB launcher); the first build downloads Go modules');
  mkdirSync(path.dirname(BINARY), { recursive: true });
  run('go', ['build', '-buildvcs=false', '-tags', 'ferretdb_no_postgresql', '-o', BINARY, '.'], { cwd: SOURCE_DIR });
  return BINARY;
}

/** Starts FerretDB on `port` unless a server already answers there; returns its URL and a stop function. */
export async function startMongo({ port, logDir }: { port: number; logDir?: string }): Promise<PartHandle> {
  const url = `mongodb://127.0.0.1:${port}`;
  if (await ping(url)) {
    log(`reusing the MongoDB server already on port ${port}`);
    return { url, stop: async () => {} };
  }
  const binary = ensureLauncher();
  const dataDir = path.join(ROOT, '.run', `mongo-${port}`);
  mkdirSync(dataDir, { recursive: true });
  const out = logDir ? openSync(path.join(logDir, 'mongo.log'), 'a') : 'ignore';
  const child = spawn(binary, ['-listen', `127.0.0.1:${port}`, '-dir', dataDir, '-log-level', 'error'], {
    stdio: ['ignore', out, out],
  });
  const handle = await readyHandle({ child, name: 'mongo-launcher', url, isReady: () => ping(url), timeoutMs: 15_000 });
  log(`mongo (FerretDB) ready on ${url}`);
  return handle;
}
