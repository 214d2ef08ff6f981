import { BALANCE_PROVIDER_WAIT_MS, BALANCE_RETRY_DELAY_MS, BALANCE_TIMEOUT_MS } from '../../config/constants';
import type { NetworkDefinition } from '@shm/contracts';
import { getChainId } from './browser-wallet';
import type { Eip1193Provider } from './eip1193';
import { PROVIDER_NOT_PROPERLY_INITIALIZED, isEip1193Provider, providerFailureMessage } from './provider-errors';
import { getBalance, sleepMs } from './transactions';
import { switchNetworkMessage } from './network';

export const BALANCE_TIMEOUT_MESSAGE = 'Balance fetch timeout after 10 seconds';
export const PROVIDER_NOT_INITIALIZED = 'Provider not initialized. Please reconnect your wallet.';


function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(BALANCE_TIMEOUT_MESSAGE)), ms)));
  return Promise.race([promise, timedOut]).finally(() => clearTimeout(timer));
}

const usable = (provider: Eip1193Provider | null): Eip1193Provider => {
  if (!provider) throw new Error(PROVIDER_NOT_INITIALIZED);
  if (!isEip1193Provider(provider)) throw new Error(PROVIDER_NOT_PROPERLY_INITIALIZED);
  return provider;
};

/**
 * Spec §4 "Balance read": needs an initialised provider (waits 500 ms for one), gives each read at
 * most 10 s, and on failure retries once after 1 s with a network check first. Rejects with the
 * spec's texts (§8); a wallet failing in itself (4900/4901, -32603) is named as such.
 */
export async function readBalance(
  getProvider: () => Eip1193Provider | null,
  address: string,
  { network, timeoutMs = BALANCE_TIMEOUT_MS, sleep = sleepMs }: { network: NetworkDefinition; timeoutMs?: number; sleep?: typeof sleepMs },
): Promise<bigint> {
  if (!getProvider()) await sleep(BALANCE_PROVIDER_WAIT_MS);
  const read = (p: Eip1193Provider) => withTimeout(getBalance(p, address), timeoutMs);
  const first = usable(getProvider());
  try {
    return await read(first);
  } catch {
    // once more below, after a network check
  }
  await sleep(BALANCE_RETRY_DELAY_MS);
  const again = usable(getProvider());
  const chainId = await withTimeout(getChainId(again), timeoutMs).catch((error: unknown) => {
    throw new Error(providerFailureMessage(error) ?? 'Network connection issue. Please check your internet connection and try again.');
  });
  if (chainId !== network.chainId.toLowerCase()) throw new Error(switchNetworkMessage(network));
  try {
    return await read(again);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(providerFailureMessage(error) ?? (message === BALANCE_TIMEOUT_MESSAGE ? message : `Failed to fetch balance: ${message}`));
  }
}
