import { readBalance } from '../../../lib/wallet/read-balance';
import type { PaymentDeps } from '../state/payment-deps';

/** Spec §4 "Balance read" for the connected wallet; a late answer for a wallet no longer connected is dropped. */
export async function refreshBalance(deps: PaymentDeps): Promise<void> {
  const address = deps.ui.get().walletAddress;
  if (!address || !deps.link.provider) return;
  deps.ui.set({ balanceLoading: true, balanceError: null });
  try {
    const wei = await readBalance(() => deps.link.provider, address, { network: deps.network() });
    if (deps.ui.get().walletAddress === address) deps.ui.set({ balanceLoading: false, balanceWei: wei, balanceError: null });
  } catch (error) {
    deps.ui.set({ balanceLoading: false, balanceError: error instanceof Error ? error.message : 'Failed to fetch wallet balance' });
  }
}
