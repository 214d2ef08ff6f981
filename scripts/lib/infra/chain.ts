// Project-managed local EVM chain: Hardhat Network (hardhat 2, from npm) with Shardeum's chain id 8118
// and the default mnemonic's funded accounts (infra/chain/hardhat.config.cjs). It compiles nothing and
// makes no outside connection. In production CHAIN_RPC_URL points at the real network instead.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import path from 'node:path';
import { ROOT, log } from '../deps';
import { type PartHandle, readyHandle } from './supervise';

export const SHARDEUM_CHAIN_ID = 8118;
/** Hardhat's default accounts #0 and #1: the local admin wallet and payment recipient (their keys are public). */
export const DEV_ACCOUNTS = {
  admin: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
};

const HARDHAT_CLI = path.join(ROOT, 'node_modules/hardhat/internal/cli/cli.js');
const CONFIG = path.join(ROOT, 'infra/chain/hardhat.config.cjs');

/** The chain id a JSON-RPC endpoint reports, or null when nothing answers. */
export async function rpcChainId(url: string): Promise<number | null> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    const body = (await res.json()) as { result?: unknown };
    return typeof body.result === 'string' ? Number.parseInt(body.result, 16) : null;
  } catch {
    return null;
  }
}

/**
 * Starts a Hardhat node on `port` with `chainId` unless one with that chain id already answers there;
 * returns its URL and a stop function. `quiet` skips the dev accounts notice (tests).
 */
interface ChainOptions {
  port: number;
  logDir?: string;
  chainId?: number;
  quiet?: boolean;
}

export async function startChain({ port, logDir, chainId = SHARDEUM_CHAIN_ID, quiet = Boolean(logDir) }: ChainOptions): Promise<PartHandle> {
  const url = `http://127.0.0.1:${port}`;
  const running = await rpcChainId(url);
  if (running !== null) {
    if (running !== chainId) throw new Error(`a chain with id ${running} (not ${chainId}) already answers on port ${port}`);
    log(`reusing the local chain already on port ${port}`);
    return { url, stop: async () => {} };
  }
  const out = logDir ? openSync(path.join(logDir, chainId === SHARDEUM_CHAIN_ID ? 'chain.log' : `chain-${chainId}.log`), 'a') : 'ignore';
  const child = spawn(process.execPath, [HARDHAT_CLI, 'node', '--hostname', '127.0.0.1', '--port', String(port), '--config', CONFIG], {
    cwd: ROOT,
    env: { ...process.env, CHAIN_ID: String(chainId), HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
    stdio: ['ignore', out, out],
  });
  const isReady = async () => (await rpcChainId(url)) === chainId;
  const handle = await readyHandle({ child, name: 'the hardhat node', url, isReady, timeoutMs: 60_000 });
  log(`local chain (id ${chainId}) ready on ${url}`);
  if (!quiet) {
    log(`dev accounts (Hardhat's public keys, never for real funds): payment recipient #1 ${DEV_ACCOUNTS.recipient}, admin wallet #0 ${DEV_ACCOUNTS.admin}`);
  }
  return handle;
}
