// Project-managed MongoDB wire-protocol server: FerretDB 1.x with its SQLite backend, embedded in a tiny
// Go launcher (infra/mongo-launcher) because no mongod exists for these machines. Built with `go build`
// into .run/ when missing or older than its sources. docker-compose and production use the official
// mongo image instead (MONGO_URL).
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, commandExists, log, run } from '../deps';
import { FERRETDB_PATCHES } from './ferretdb-patches';
import { type PartHandle, readyHandle } from './supervise';

const SOURCE_DIR = path.join(ROOT, 'infra/mongo-launcher');
const BINARY = path.join(ROOT, '.run/mongo-launcher');
const SOURCES = ['main.go', 'go.mod', 'go.sum'];
const FERRETDB = 'github.com/FerretDB/FerretDB';

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
  // The build and its patches are sources too.
  const sources = [...SOURCES.map((f) => path.join(SOURCE_DIR, f)), import.meta.filename, path.join(import.meta.dirname, 'ferretdb-patches.ts')];
  const newest = Math.max(...sources.map((file) => statSync(file).mtimeMs));
  if (built >= newest) return BINARY;
  if (!commandExists('go')) {
    throw new Error('Go is needed to build the local MongoDB server (infra/mongo-launcher); install Go or set MONGO_URL');
  }
  log('building the local MongoDB server (FerretDB launcher); the first build downloads Go modules');
  buildLauncher(BINARY);
  return BINARY;
}

/**
 * `go build`s the launcher to `output` with FerretDB patched (ferretdb-patches.ts): a copy of the module as the Go
 * proxy serves it, changed in those places, replaces it through a build-time go.mod (`-modfile`),
 * so the committed go.mod and go.sum stay as they are.
 */
export function buildLauncher(output: string, env: NodeJS.ProcessEnv = process.env): void {
  // Downloads FerretDB when missing and says where its sources are.
  const download = execFileSync('go', ['mod', 'download', '-json', FERRETDB], { cwd: SOURCE_DIR, env, encoding: 'utf8' });
  const { Dir: published, Version: version } = JSON.parse(download) as { Dir: string; Version: string };
  const work = path.join(ROOT, '.run', 'mongo-launcher-build');
  const patched = path.join(work, `ferretdb@${version}`);
  rmSync(work, { recursive: true, force: true });
  cpSync(published, patched, { recursive: true });
  chmodTree(patched);
  for (const patch of FERRETDB_PATCHES) {
    const file = path.join(patched, patch.file);
    const source = readFileSync(file, 'utf8');
    if (source.split(patch.from).length !== 2) throw new Error(`FerretDB ${version}: ${patch.file} does not hold the patched text exactly once: look at scripts/lib/infra/ferretdb-patches.ts again`);
    writeFileSync(file, source.replace(patch.from, patch.to));
  }
  const modfile = path.join(work, 'go.mod');
  writeFileSync(modfile, `${readFileSync(path.join(SOURCE_DIR, 'go.mod'), 'utf8')}\nreplace ${FERRETDB} => ${patched}\n`);
  cpSync(path.join(SOURCE_DIR, 'go.sum'), path.join(work, 'go.sum'));
  mkdirSync(path.dirname(output), { recursive: true });
  run('go', ['build', '-buildvcs=false', '-tags', 'ferretdb_no_postgresql', `-modfile=${modfile}`, '-o', output, '.'], { cwd: SOURCE_DIR, env });
}

/** The module cache is read-only; the copy must be writable to patch and, later, to delete. */
function chmodTree(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chmodTree(full);
    else chmodSync(full, 0o644);
  }
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
