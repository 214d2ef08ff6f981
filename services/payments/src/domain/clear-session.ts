import type { ClearSessionReply } from '@shm/contracts';
import { AppError } from '@shm/platform';
import type { PaymentsDomain } from './deps';
import { publishStatus } from './payment-status';

/**
 * Spec §4 'Clear session': the wallet's access ends now (every grant it holds), so payment is
 * required again; calc hears it through the access.revoked event.
 */
export async function clearSession(domain: PaymentsDomain, wallet: string, sessionId: string): Promise<ClearSessionReply> {
  const intent = await domain.intents.get(sessionId);
  if (!intent || intent.wallet !== wallet) throw AppError.notFound('Payment session not found');
  const now = domain.now();
  const revoked = await domain.grants.revokeAll(wallet, now);
  if (revoked > 0) {
    await domain.events.revoked(wallet, now);
    await publishStatus(domain, wallet);
  }
  return { success: true, cleared: revoked > 0 };
}
