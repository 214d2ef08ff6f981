import { BALANCE_PROVIDER_WAIT_MS, BALANCE_RETRY_DELAY_MS, BALANCE_TIMEOUT_MS } from '../../config/constants';
import type { NetworkDefinition } from '@shm/contracts';
import { getChainId } from './browser-wallet';
import type { Eip1193Provider } from './eip1193';
import { PROVIDER_NOT_PROPERLY_INITIALIZED, isEip1193Provider, providerFailureMessage } from './provider-errors';
import { getBalance } from './transactions';
import { switchNetworkMessage } from './network';

export const BALANCE_TIMEOUT_MESSAGE = 'Balance fetch timeout after 10 seconds';
export const PROVIDER_NOT_INITIALIZED = 'Provider not initialized. Please reconnect your wallet.';

export interface ReadBalanceOptions {
  network: NetworkDefinition;
  timeoutMs?: number;
  providerWaitMs?: number;
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Spec §4 "Balance read": needs an initialised provider (waits 500 ms for one), gives each read at
 * most 10 s, and on failure retries once after 1 s with a network check first. Rejects with the
 * spec's texts (§8); a wallet failing in itself (4900/4901, -32603) is named as such.
 */
export async function readBalance(getProvider: () => Eip1193Provider | null, address: string, options: ReadBalanceOptions): Promise<bigint> {
  const { network, timeoutMs = BALANCE_TIMEOUT_MS, providerWaitMs = BALANCE_PROVIDER_WAIT_MS, retryDelayMs = BALANCE_RETRY_DELAY_MS, sleep = defaultSleep } =
    options;
  let provider = getProvider();
  if (!provider) {
    await sleep(providerWaitMs);
    provider = getProvider();
  }
  if (!provider) throw new Error(PROVIDER_NOT_INITIALIZED);
  if (!isEip1193Provider(provider)) throw new Error(PROVIDER_NOT_PROPERLY_INITIALIZED);
  const read = (p: Eip1193Provider) => withTimeout(getBalance(p, address), timeoutMs, BALANCE_TIMEOUT_MESSAGE);
  try {
    return await read(provider);
  } catch {
    await sleep(retryDelayMs);
    const again = getProvider();
    if (!again) throw new Error(PROVIDER_NOT_INITIALIZED);
    if (!isEip1193Provider(again)) throw new Error(PROVIDER_NOT_PROPERLY_INITIALIZED);
    let chainId: string;
    try {
      chainId = await withTimeout(getChainId(again), timeoutMs, BALANCE_TIMEOUT_MESSAGE);
    } catch (error) {
      throw new Error(providerFailureMessage(error) ?? 'Network connection issue. Please check your internet connection and try again.');
    }
    if (chainId !== network.chainId.toLowerCase()) throw new Error(switchNetworkMessage(network));
    try {
      return await read(again);
    } catch (error) {
      const failing = providerFailureMessage(error);
      if (failing) throw new Error(failing);
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(message === BALANCE_TIMEOUT_MESSAGE ? message : `Failed to fetch balance: ${message}`);
    }
  }
}
