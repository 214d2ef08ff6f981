import type { Eip1193Provider } from './eip1193';

/** A quantity as JSON-RPC wants it: 0x-prefixed hex without leading zeros. */
export const toQuantity = (value: bigint): string => `0x${value.toString(16)}`;

const toBigInt = (reply: unknown, what: string): bigint => {
  if (typeof reply !== 'string' || !/^0x[0-9a-fA-F]*$/.test(reply)) throw new Error(`Unexpected ${what} reply`);
  return reply === '0x' ? 0n : BigInt(reply);
};

/** The native balance of `address` in wei (eth_getBalance at the latest block). */
export async function getBalance(provider: Eip1193Provider, address: string): Promise<bigint> {
  return toBigInt(await provider.request({ method: 'eth_getBalance', params: [address, 'latest'] }), 'eth_getBalance');
}

export async function getBlockNumber(provider: Eip1193Provider): Promise<bigint> {
  return toBigInt(await provider.request({ method: 'eth_blockNumber', params: [] }), 'eth_blockNumber');
}

export interface NativeTransfer {
  from: string;
  to: string;
  valueWei: bigint;
}

/** Asks the wallet to send native coin (it shows its confirmation prompt); resolves with the transaction hash. */
export async function sendTransaction(provider: Eip1193Provider, { from, to, valueWei }: NativeTransfer): Promise<string> {
  const hash = await provider.request({ method: 'eth_sendTransaction', params: [{ from, to, value: toQuantity(valueWei) }] });
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new Error('The wallet returned no transaction hash');
  return hash;
}

export interface ReceiptSummary {
  /** 1 when the transaction succeeded, 0 when it reverted. */
  status: number;
  blockNumber: bigint;
}

export async function getTransactionReceipt(provider: Eip1193Provider, hash: string): Promise<ReceiptSummary | null> {
  const receipt = (await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as {
    status?: string;
    blockNumber?: string;
  } | null;
  if (!receipt || !receipt.blockNumber) return null;
  return { status: Number(toBigInt(receipt.status ?? '0x0', 'receipt status')), blockNumber: toBigInt(receipt.blockNumber, 'receipt block') };
}

export interface WaitOptions {
  confirmations: number;
  pollMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls until the transaction is mined with `confirmations` blocks (its own block counts as one);
 * resolves with its receipt, or rejects after `timeoutMs`.
 */
export async function waitForConfirmations(provider: Eip1193Provider, hash: string, options: WaitOptions): Promise<ReceiptSummary> {
  const { confirmations, pollMs = 1_000, timeoutMs = 300_000, sleep = defaultSleep, now = Date.now } = options;
  const deadline = now() + timeoutMs;
  for (;;) {
    const receipt = await getTransactionReceipt(provider, hash);
    if (receipt) {
      const latest = await getBlockNumber(provider);
      if (latest - receipt.blockNumber + 1n >= BigInt(confirmations)) return receipt;
    }
    if (now() >= deadline) throw new Error('Timed out waiting for the transaction to be confirmed');
    await sleep(pollMs);
  }
}
