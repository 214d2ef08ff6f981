// The local stand-in for the Shardeum archivers and the price API (infra/stand-ins), for `npm start`
// and the end-to-end tests on a machine without internet. Used only outside production, only for
// NETWORK=local (the default) and only while ARCHIVER_URLS or PRICE_API_URL is unset; whatever is set
// keeps pointing at the real thing, and NETWORK=mainnet|testnet takes every outside system from its preset.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, log } from '../deps';
import { type PartHandle, terminate } from './supervise';

/** NETWORK=local (the default of `npm start`): the local chain and stand-in, not a real network's preset. */
export const followsLocalNetwork = () => (process.env.NETWORK ?? 'local') === 'local';

export const usesStandIn = () =>
  process.env.NODE_ENV !== 'production' && followsLocalNetwork() && (!process.env.ARCHIVER_URLS || !process.env.PRICE_API_URL);

const alive = async (url: string): Promise<boolean> => {
  try {
    return (await fetch(`${url}/is-alive`, { signal: AbortSignal.timeout(500) })).ok;
  } catch {
    return false;
  }
};

/**
 * The seed archiver with its pinned public key (`<url>#<key>`): the network service trusts replies
 * signed by it and learns the stand-in's other archivers from its signed `/archivers`.
 */
function seedArchiver(url: string): string {
  const keys = JSON.parse(readFileSync(path.join(ROOT, 'infra/stand-ins/archiver-keys.json'), 'utf8')) as { archivers: { publicKey: string }[] };
  return `${url}#${keys.archivers[0]?.publicKey}`;
}

/** The outside-system URLs the network service gets: the configured ones, else the stand-in's. */
export function standInEnv(port: number): Record<string, string> {
  if (!usesStandIn()) return {};
  const url = `http://127.0.0.1:${port}`;
  // The fallbacks follow the archivers: local when the archivers are, else their own settings.
  const fallbacks: Record<string, string> = process.env.ARCHIVER_URLS
    ? {}
    : {
        NETWORK_RPC_URL: process.env.NETWORK_RPC_URL ?? url,
        EXPLORER_API_URL: process.env.EXPLORER_API_URL ?? url,
        NODE_ACCOUNT_VALIDATOR_URLS: process.env.NODE_ACCOUNT_VALIDATOR_URLS ?? url,
      };
  return {
    ARCHIVER_URLS: process.env.ARCHIVER_URLS || seedArchiver(url),
    PRICE_API_URL: process.env.PRICE_API_URL || `${url}/api/v3/simple/price`,
    ...fallbacks,
  };
}

/** Starts the stand-in on `port` unless one already answers there; returns the archiver URL(s) to use. */
export async function startStandIn({ port, logDir }: { port: number; logDir?: string }): Promise<PartHandle> {
  const url = `http://127.0.0.1:${port}`;
  const archivers = standInEnv(port).ARCHIVER_URLS ?? url;
  if (await alive(url)) {
    log(`reusing the archiver and price stand-in on port ${port}`);
    return { url: archivers, stop: async () => {} };
  }
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'infra/stand-ins/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, STAND_IN_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (logDir) {
    const file = createWriteStream(path.join(logDir, 'stand-in.log'), { flags: 'a' });
    child.stdout.pipe(file);
    child.stderr.pipe(file);
  } else {
    child.stdout.resume();
    child.stderr.pipe(process.stderr);
  }
  const deadline = Date.now() + 30_000;
  while (!(await alive(url))) {
    if (child.exitCode !== null) throw new Error(`the stand-in exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`the stand-in did not answer on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  log(
    `archiver and price stand-in ready on ${url} (local data set: ${process.env.STAND_IN_DATA ?? 'spec'}, shape: ${process.env.STAND_IN_SHAPE ?? 'real'})`,
  );
  return { url: archivers, child, stop: () => terminate(child) };
}
