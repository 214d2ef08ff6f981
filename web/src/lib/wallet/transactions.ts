import type { Eip1193Provider } from './eip1193';

/** A quantity as JSON-RPC wants it: 0x-prefixed hex without leading zeros. */
export const toQuantity = (value: bigint): string => `0x${value.toString(16)}`;

const toBigInt = (reply: unknown, what: string): bigint => {
  if (typeof reply !== 'string' || !/^0x[0-9a-fA-F]*$/.test(reply)) throw new Error(`Unexpected ${what} reply`);
  return reply === '0x' ? 0n : BigInt(reply);
};
const rpc = (provider: Eip1193Provider, method: string, params: unknown[]) => provider.request({ method, params });

/** The native balance of `address` in wei (eth_getBalance at the latest block). */
export const getBalance = async (provider: Eip1193Provider, address: string) =>
  toBigInt(await rpc(provider, 'eth_getBalance', [address, 'latest']), 'eth_getBalance');

/** Asks the wallet to send native coin (it shows its confirmation prompt); resolves with the transaction hash. */
export async function sendTransaction(provider: Eip1193Provider, { from, to, valueWei }: { from: string; to: string; valueWei: bigint }): Promise<string> {
  const hash = await rpc(provider, 'eth_sendTransaction', [{ from, to, value: toQuantity(valueWei) }]);
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new Error('The wallet returned no transaction hash');
  return hash;
}

export interface WaitOptions {
  confirmations: number;
  pollMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls until the transaction is mined with `confirmations` blocks (its own block counts as one);
 * resolves with its receipt (status 1 succeeded, 0 reverted), or rejects after `timeoutMs`.
 */
export async function waitForConfirmations(provider: Eip1193Provider, hash: string, options: WaitOptions): Promise<{ status: number; blockNumber: bigint }> {
  const { confirmations, pollMs = 1_000, timeoutMs = 300_000, sleep = sleepMs, now = Date.now } = options;
  const deadline = now() + timeoutMs;
  for (;;) {
    const receipt = (await rpc(provider, 'eth_getTransactionReceipt', [hash])) as { status?: string; blockNumber?: string } | null;
    if (receipt?.blockNumber) {
      const mined = toBigInt(receipt.blockNumber, 'receipt block');
      const latest = toBigInt(await rpc(provider, 'eth_blockNumber', []), 'eth_blockNumber');
      if (latest - mined + 1n >= BigInt(confirmations)) return { status: Number(toBigInt(receipt.status ?? '0x0', 'receipt status')), blockNumber: mined };
    }
    if (now() >= deadline) throw new Error('Timed out waiting for the transaction to be confirmed');
    await sleep(pollMs);
  }
}
