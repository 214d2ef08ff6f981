import type { PaymentState, PaymentStatus, PendingTransaction } from '@shm/contracts';
import { hoursRemaining, isValidGrant } from './access';
import type { PaymentsDomain } from './deps';
import type { IntentStatus, PendingIntent } from './ports';

export const stateOf = (status: IntentStatus): PaymentState =>
  status === 'submitted' || status === 'verifying' ? 'verifying' : status === 'initiated' ? 'none' : status;

export const pendingOf = (intents: PendingIntent[]): PendingTransaction[] =>
  intents.map((i) => ({
    transactionHash: i.txHash,
    sessionId: i.id,
    status: i.status === 'verifying' ? 'verifying' : 'submitted',
    submittedAt: (i.submittedAt ?? i.createdAt).toISOString(),
  }));

/**
 * Where the wallet's payment stands now: access granted (confirmed), else what became of its newest
 * payment session (being verified, refused), else nothing.
 */
export async function paymentStatusOf(domain: PaymentsDomain, wallet: string): Promise<PaymentStatus> {
  const now = domain.now();
  const base = { wallet, at: now.toISOString() };
  const grant = await domain.grants.current(wallet, now);
  if (isValidGrant(grant, now)) {
    return {
      ...base,
      status: 'confirmed',
      isPaid: true,
      sessionId: grant.sessionId,
      transactionHash: grant.txHash,
      expiresAt: grant.expiresAt.toISOString(),
      hoursRemaining: hoursRemaining(grant.expiresAt, now),
    };
  }
  const latest = await domain.intents.latest(wallet);
  const state = latest ? stateOf(latest.status) : 'none';
  if (!latest || state === 'none' || state === 'confirmed') return { ...base, status: 'none', isPaid: false, hoursRemaining: 0 };
  return {
    ...base,
    status: state,
    isPaid: false,
    hoursRemaining: 0,
    sessionId: latest.id,
    transactionHash: latest.txHash,
    ...(latest.reason ? { reason: latest.reason, error: latest.error, canRetry: latest.canRetry ?? false } : {}),
  };
}

/** Tells the wallet's open event streams its current status (best effort: a stream re-reads on reconnect). */
export async function publishStatus(domain: PaymentsDomain, wallet: string): Promise<void> {
  await domain.status.publish(await paymentStatusOf(domain, wallet));
}
