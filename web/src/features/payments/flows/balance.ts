import { readBalance } from '../wallet/read-balance';
import type { FlowDeps } from './deps';

/** Spec §4 "Balance read" for the connected wallet; a late answer for a wallet no longer connected is dropped. */
export async function refreshBalance(deps: FlowDeps): Promise<void> {
  const address = deps.store.getState().walletAddress;
  if (!address || !deps.provider.current) return;
  deps.store.dispatch({ type: 'balance/start' });
  try {
    const wei = await readBalance(() => deps.provider.current, address, { network: deps.network() });
    if (deps.store.getState().walletAddress === address) deps.store.dispatch({ type: 'balance/success', wei });
  } catch (error) {
    deps.store.dispatch({ type: 'balance/failed', error: error instanceof Error ? error.message : 'Failed to fetch wallet balance' });
  }
}
