import type { PaymentsDomain } from './deps';
import { publishStatus } from './payment-status';
import { ChainUnavailableError, type AccessGrant } from './ports';

export interface ReconcileOptions {
  /** A grant found still paid once it is this old is settled and no longer re-read. */
  windowMs: number;
  /** A grant is withdrawn only when its transaction is missing on reads at least this far apart. */
  absenceMs: number;
}

/** Whether the grant's transaction is still mined and successful in the chain as the RPC sees it now. */
async function stillPaid(domain: PaymentsDomain, grant: AccessGrant): Promise<boolean | 'unknown'> {
  try {
    const { tx, receipt } = await domain.chain.observe(grant.txHash);
    return tx !== null && receipt !== null && receipt.status === 1;
  } catch (err) {
    if (err instanceof ChainUnavailableError) return 'unknown';
    throw err;
  }
}

async function withdraw(domain: PaymentsDomain, grant: AccessGrant, now: Date): Promise<void> {
  await domain.grants.forget(grant.sessionId);
  await domain.payments.forget(domain.terms.chainId, grant.txHash);
  await domain.intents.update(grant.sessionId, { status: 'submitted', reason: undefined, error: undefined, canRetry: undefined });
  await domain.events.revoked(grant.wallet, now);
  await domain.queue.enqueue({ sessionId: grant.sessionId, txHash: grant.txHash, wallet: grant.wallet });
  await publishStatus(domain, grant.wallet);
}

/**
 * Reorg guard: re-reads the transaction of every grant it has not settled yet. A grant whose
 * transaction is no longer in the canonical chain (no receipt, or a failed one) on reads at least
 * `absenceMs` apart, none finding it in between, is withdrawn (`access.revoked`, status streams told)
 * and its payment session goes back to verification, which grants again if the transaction is mined
 * anew and otherwise ends as not found. The first miss is only noted (`absentSince`): one lagging or
 * load-balanced RPC node that does not know the transaction yet takes no paid access away, and a
 * later read that finds it clears the note. A grant found still paid once it is `windowMs` old is
 * settled: deeper reorgs are not guarded against, and it is not read again. When the RPC cannot
 * answer, the grant is left as it is and read again next round, even if its window closes meanwhile:
 * only an answer settles, notes or withdraws it.
 */
export async function reconcileGrants(
  domain: PaymentsDomain,
  { windowMs, absenceMs }: ReconcileOptions,
): Promise<{ checked: number; withdrawn: number; absent: number }> {
  const now = domain.now();
  const windowClosedBefore = now.getTime() - windowMs;
  const grants = await domain.grants.unsettled(now);
  let withdrawn = 0;
  let absent = 0;
  for (const grant of grants) {
    const paid = await stillPaid(domain, grant);
    if (paid === 'unknown') continue;
    if (paid) {
      if (grant.absentSince) await domain.grants.markFound(grant.sessionId);
      if (grant.grantedAt.getTime() <= windowClosedBefore) await domain.grants.settle(grant.sessionId, now);
      continue;
    }
    if (!grant.absentSince || now.getTime() - grant.absentSince.getTime() < absenceMs) {
      if (!grant.absentSince) await domain.grants.markAbsent(grant.sessionId, now);
      absent += 1;
      continue;
    }
    await withdraw(domain, grant, now);
    withdrawn += 1;
  }
  return { checked: grants.length, withdrawn, absent };
}
