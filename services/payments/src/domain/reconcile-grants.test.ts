import type { PaymentStatus } from '@shm/contracts';
import type { PaymentsDomain } from './deps';
import type { AccessGrant, ChainObservation, IntentStatus, VerificationJob } from './ports';
import { ChainUnavailableError } from './ports';
import { reconcileGrants } from './reconcile-grants';

type Answer = 'found' | 'not found' | 'unreachable';

const WALLET = '0xabc';
const TX = '0xfeed';
const T0 = new Date('2026-01-01T12:00:00.000Z').getTime();
const options = { windowMs: 3_600_000, absenceMs: 30_000 };

/**
 * The reorg guard's ports in memory: one paid grant, a fake RPC that gives the scripted answers in
 * order, and a clock the test sets. Records what a visitor or another service would notice.
 */
function world() {
  const answers: Answer[] = [];
  let nowMs = T0;
  const grants = new Map<string, AccessGrant & { settledAt?: Date }>();
  grants.set('s1', { sessionId: 's1', wallet: WALLET, txHash: TX, grantedAt: new Date(T0), expiresAt: new Date(T0 + 24 * 3_600_000), revoked: false });
  const seen = { revoked: [] as string[], queued: [] as VerificationJob[], forgottenPayments: [] as string[], intentStatus: 'confirmed' as IntentStatus, published: [] as PaymentStatus[] };
  const observation = (found: boolean): ChainObservation => ({
    rpcChainId: 8118n,
    tx: found ? { hash: TX, from: WALLET, to: '0xrecipient', valueWei: 10n ** 17n, chainId: 8118n, blockNumber: 5 } : null,
    receipt: found ? { status: 1, blockNumber: 5 } : null,
    latestBlock: 9,
    blockTimestamp: found ? T0 / 1000 : null,
  });
  const grantOf = (id: string) => {
    const grant = grants.get(id);
    if (!grant) throw new Error(`No grant ${id} is stored`);
    return grant;
  };
  const domain = {
    now: () => new Date(nowMs),
    terms: { chainId: 8118 },
    chain: {
      observe: (hash: string) => {
        expect(hash).toBe(TX);
        const answer = answers.shift();
        if (!answer) throw new Error('the test scripted no answer for this read');
        if (answer === 'unreachable') return Promise.reject(new ChainUnavailableError(new Error('ECONNREFUSED')));
        return Promise.resolve(observation(answer === 'found'));
      },
    },
    grants: {
      unsettled: (now: Date) =>
        Promise.resolve([...grants.values()].filter((g) => !g.revoked && !g.settledAt && g.expiresAt > now).map((g) => ({ ...g }))),
      current: (wallet: string, now: Date) =>
        Promise.resolve([...grants.values()].find((g) => g.wallet === wallet && !g.revoked && g.expiresAt > now) ?? null),
      settle: (id: string, at: Date) => Promise.resolve(void grants.set(id, { ...grantOf(id), settledAt: at })),
      markAbsent: (id: string, at: Date) => {
        grantOf(id).absentSince ??= at;
        return Promise.resolve();
      },
      markFound: (id: string) => {
        delete grantOf(id).absentSince;
        return Promise.resolve();
      },
      forget: (id: string) => Promise.resolve(void grants.delete(id)),
    },
    payments: { forget: (_chainId: number, hash: string) => Promise.resolve(void seen.forgottenPayments.push(hash)) },
    intents: {
      update: (_id: string, changes: { status: IntentStatus }) => Promise.resolve(void (seen.intentStatus = changes.status)),
      latest: () => Promise.resolve({ id: 's1', wallet: WALLET, status: seen.intentStatus, txHash: TX, createdAt: new Date(T0) }),
    },
    events: { revoked: (wallet: string) => Promise.resolve(void seen.revoked.push(wallet)) },
    queue: { enqueue: (job: VerificationJob) => Promise.resolve(void seen.queued.push(job)) },
    status: { publish: (status: PaymentStatus) => Promise.resolve(void seen.published.push(status)) },
  };
  return {
    seen,
    /** One reconciliation round `atMs` after the grant was made, the RPC giving `answer`. */
    round: (atMs: number, answer: Answer) => {
      nowMs = T0 + atMs;
      answers.push(answer);
      // Only the ports the reorg guard uses are faked; the rest of the domain is not reached.
      return reconcileGrants(domain as unknown as PaymentsDomain, options);
    },
    hasAccess: () => [...grants.values()].some((g) => g.wallet === WALLET && !g.revoked),
  };
}

describe('reconcile grants (reorg guard)', () => {
  it('when the RPC says "not found" once and finds the transaction on the next read, then the grant is kept and no access.revoked is sent', async () => {
    const w = world();
    expect(await w.round(60_000, 'not found')).toEqual({ checked: 1, withdrawn: 0, absent: 1 });
    expect(w.hasAccess()).toBe(true);
    expect(await w.round(120_000, 'found')).toEqual({ checked: 1, withdrawn: 0, absent: 0 });
    expect(w.hasAccess()).toBe(true);
    expect(w.seen).toMatchObject({ revoked: [], queued: [], forgottenPayments: [], intentStatus: 'confirmed' });
  });

  it('when the transaction is found in between, then a later miss starts the wait afresh instead of counting from the first one', async () => {
    const w = world();
    await w.round(60_000, 'not found');
    await w.round(120_000, 'found');
    // 120 s after the first miss, but the first of a new absence: kept.
    expect(await w.round(180_000, 'not found')).toEqual({ checked: 1, withdrawn: 0, absent: 1 });
    expect(w.hasAccess()).toBe(true);
    expect(await w.round(210_000, 'not found')).toEqual({ checked: 1, withdrawn: 1, absent: 0 });
    expect(w.seen.revoked).toEqual([WALLET]);
  });

  it('when the transaction is missing on reads 30 s apart (the absence asked for), then the grant is withdrawn, access.revoked sent and the payment verified again', async () => {
    const w = world();
    expect(await w.round(60_000, 'not found')).toEqual({ checked: 1, withdrawn: 0, absent: 1 });
    // 29.999 s after the first miss: not yet.
    expect(await w.round(89_999, 'not found')).toEqual({ checked: 1, withdrawn: 0, absent: 1 });
    expect(w.hasAccess()).toBe(true);
    expect(w.seen.revoked).toEqual([]);

    expect(await w.round(90_000, 'not found')).toEqual({ checked: 1, withdrawn: 1, absent: 0 });
    expect(w.hasAccess()).toBe(false);
    expect(w.seen.revoked).toEqual([WALLET]);
    expect(w.seen.forgottenPayments).toEqual([TX]);
    expect(w.seen.intentStatus).toBe('submitted');
    expect(w.seen.queued).toEqual([{ sessionId: 's1', txHash: TX, wallet: WALLET }]);
    expect(w.seen.published.at(-1)).toMatchObject({ wallet: WALLET, isPaid: false, status: 'verifying' });
    // Withdrawn once: nothing is left to read.
    expect(await w.round(120_000, 'not found')).toEqual({ checked: 0, withdrawn: 0, absent: 0 });
  });

  it('when the RPC cannot be reached between two misses, then the outage neither clears nor confirms the absence: the later miss withdraws', async () => {
    const w = world();
    await w.round(60_000, 'not found');
    expect(await w.round(90_000, 'unreachable')).toEqual({ checked: 1, withdrawn: 0, absent: 0 });
    expect(w.hasAccess()).toBe(true);
    expect(await w.round(120_000, 'not found')).toEqual({ checked: 1, withdrawn: 1, absent: 0 });
  });
});
