import type { PaymentSessionReply, WalletSessionInfoReply } from '@shm/contracts';
import { AppError } from '@shm/platform';
import { sessionInfoOf } from './access';
import type { PaymentsDomain } from './deps';
import { stateOf } from './payment-status';

/** Spec §7 wallet/{address}/session-info: hours of access the wallet has left. */
export async function walletSessionInfo(domain: PaymentsDomain, wallet: string): Promise<WalletSessionInfoReply> {
  const now = domain.now();
  return { success: true, sessionInfo: sessionInfoOf(await domain.grants.current(wallet, now), now) };
}

/** Spec §7 session/{id}: whether one of the wallet's payment sessions grants access now (404 if not its own). */
export async function paymentSession(domain: PaymentsDomain, wallet: string, sessionId: string): Promise<PaymentSessionReply> {
  const intent = await domain.intents.get(sessionId);
  if (!intent || intent.wallet !== wallet) throw AppError.notFound('Payment session not found');
  const sessionInfo = sessionInfoOf(await domain.grants.bySession(sessionId), domain.now());
  return { success: true, isValid: sessionInfo.isValid, status: stateOf(intent.status), sessionInfo };
}
