import type { RegisterWalletReply } from '@shm/contracts';
import { sessionInfoOf } from './access';
import type { PaymentsDomain } from './deps';
import { pendingOf } from './payment-status';

/** Spec §7 wallet/register: remembers the wallet and says whether it has paid or has payments pending. */
export async function registerWallet(d: PaymentsDomain, wallet: string): Promise<RegisterWalletReply> {
  const now = d.now();
  await d.wallets.seen(wallet, now);
  const [grant, pending] = await Promise.all([d.grants.current(wallet, now), d.intents.pending(wallet)]);
  const sessionInfo = sessionInfoOf(grant, now);
  return {
    success: true,
    walletAddress: wallet,
    isPaid: sessionInfo.isValid,
    hasPendingTransactions: pending.length > 0,
    pendingTransactions: pendingOf(pending),
    sessionInfo,
  };
}
