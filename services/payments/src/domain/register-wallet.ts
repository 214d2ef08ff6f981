import type { RegisterWalletReply } from '@shm/contracts';
import { sessionInfoOf } from './access';
import type { PaymentsDomain } from './deps';
import { pendingOf } from './payment-status';

/** Spec §7 wallet/register: remembers the wallet and says whether it has paid or has payments pending. */
export async function registerWallet(domain: PaymentsDomain, wallet: string): Promise<RegisterWalletReply> {
  const now = domain.now();
  await domain.wallets.seen(wallet, now);
  const [grant, pending] = await Promise.all([domain.grants.current(wallet, now), domain.intents.pending(wallet)]);
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
