import { randomBytes, randomUUID } from 'node:crypto';
import { eventStream } from '@shm/contracts';
import { createRedis, publishEvent, type Redis } from '@shm/platform/redis';
import { TEST_REDIS_URL, testLogger } from '@shm/platform/testing';
import { grantsRepository, type GrantsRepository } from '../src/data-access/grants.repository';
import { startHandlers } from '@shm/platform/jobs';
import { unhandledGrants } from '../src/data-access/unhandled-grants';
import { grantsWithCatchUp } from '../src/domain/access-policy';
import type { GrantStore } from '../src/domain/ports';
import { paymentGrantHandlers } from '../src/entry-points/events/payments.handler';

const REDIS_URL = TEST_REDIS_URL;
const HOUR = 3_600_000;

let redis: Redis;
let grants: GrantsRepository;
let follower: { stop(): Promise<void> };
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  redis = createRedis(REDIS_URL, 'client');
  grants = grantsRepository(redis, `test-calc-grants-${randomUUID()}:`, now);
  follower = await follow(grants, `test-calc-grants-${randomUUID()}`, 'c1');
});
beforeEach(() => {
  offsetMs = 0;
});
afterAll(async () => {
  await follower.stop();
  await redis.quit();
});

/** Calc's grant handlers started by the job runtime, as compose starts them. */
const follow = (copy: GrantStore, group: string, consumer: string, reclaimIdleMs?: number) =>
  startHandlers({ redis, prefix: 'test-calc:', logger: testLogger(), handlers: paymentGrantHandlers(copy, group), consumer, blockMs: 100, reclaimIdleMs });

const newWallet = () => `0x${randomBytes(20).toString('hex')}`;
const confirmed = (wallet: string, grantedAt = now()) =>
  publishEvent(redis, 'payment.confirmed', {
    wallet,
    sessionId: randomUUID(),
    transactionHash: `0x${randomBytes(32).toString('hex')}`,
    chainId: 8118,
    amountWei: '100000000000000000',
    grantedAt: grantedAt.toISOString(),
    expiresAt: new Date(grantedAt.getTime() + 24 * HOUR).toISOString(),
  });

async function until(check: () => Promise<boolean>, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('calc grants (following payment.confirmed and access.revoked)', () => {
  it('when a payment is confirmed, then the wallet holds a grant in any letter case until 24 hours pass', async () => {
    const wallet = newWallet();
    expect(await grants.hasValidGrant(wallet)).toBe(false);
    await confirmed(wallet);
    await until(() => grants.hasValidGrant(wallet));
    expect(await grants.hasValidGrant(wallet.toUpperCase().replace('0X', '0x'))).toBe(true);
    offsetMs = 24 * HOUR - 60_000;
    expect(await grants.hasValidGrant(wallet)).toBe(true);
    offsetMs = 24 * HOUR + 1000;
    expect(await grants.hasValidGrant(wallet)).toBe(false);
  });

  it('when access is revoked, then the grant is gone, and a later payment grants again', async () => {
    const wallet = newWallet();
    await confirmed(wallet, new Date(Date.now() - 1000));
    await until(() => grants.hasValidGrant(wallet));
    await publishEvent(redis, 'access.revoked', { wallet, at: new Date().toISOString() });
    await until(async () => !(await grants.hasValidGrant(wallet)));
    await confirmed(wallet, new Date(Date.now() + 1000));
    await until(() => grants.hasValidGrant(wallet));
  });

  it('when a confirmation older than a revocation arrives after it, then it does not bring access back', async () => {
    const wallet = newWallet();
    const paidAt = new Date(Date.now() - 5000);
    await grants.revoke({ wallet, at: new Date().toISOString() });
    await grants.record({
      wallet,
      sessionId: randomUUID(),
      grantedAt: paidAt.toISOString(),
      expiresAt: new Date(paidAt.getTime() + 24 * HOUR).toISOString(),
    });
    expect(await grants.hasValidGrant(wallet)).toBe(false);
  });

  it('when a calc replica reads payment.confirmed and dies before applying it, then another replica takes the event over and the grant arrives', async () => {
    const wallet = newWallet();
    const group = `test-calc-grants-${randomUUID()}`;
    const copy = grantsRepository(redis, `test-calc-grants-${randomUUID()}:`, now);
    await redis.xgroup('CREATE', eventStream('payment.confirmed'), group, '$', 'MKSTREAM');
    await confirmed(wallet);
    // The replica that dies: the event is delivered to it and never acknowledged.
    await redis.xreadgroup('GROUP', group, 'dead-replica', 'COUNT', 100, 'STREAMS', eventStream('payment.confirmed'), '>');
    const survivor = await follow(copy, group, 'survivor', 200);
    try {
      const deadline = Date.now() + 5000;
      while (!(await copy.hasValidGrant(wallet)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await copy.hasValidGrant(wallet)).toBe(true);
    } finally {
      await survivor.stop();
    }
  });

  it('when the consumer has not handled a confirmation yet, then the access check reads it from the stream and lets the wallet calculate; with a revocation after it, it does not', async () => {
    const wallet = newWallet();
    const group = `test-calc-grants-${randomUUID()}`;
    const copy = grantsRepository(redis, `test-calc-grants-${randomUUID()}:`, now);
    // The group exists and has handled everything so far; its consumer is not running.
    await redis.xgroup('CREATE', eventStream('payment.confirmed'), group, '$', 'MKSTREAM');
    await redis.xgroup('CREATE', eventStream('access.revoked'), group, '$', 'MKSTREAM');
    const checked = () => grantsWithCatchUp(copy, unhandledGrants(redis, copy, group), { negativeTtlMs: 0 }).hasValidGrant(wallet);
    expect(await checked()).toBe(false);
    await confirmed(wallet, new Date(now().getTime() - 1000));
    expect(await checked()).toBe(true);
    // Another replica's copy, before any consumer handled either event: the revocation wins.
    await publishEvent(redis, 'access.revoked', { wallet, at: now().toISOString() });
    const other = grantsRepository(redis, `test-calc-grants-${randomUUID()}:`, now);
    expect(await grantsWithCatchUp(other, unhandledGrants(redis, other, group), { negativeTtlMs: 0 }).hasValidGrant(wallet)).toBe(false);
  });
});
