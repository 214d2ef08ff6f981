import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { AppError } from '../src';
import { createRedis, withRedisLock, type Redis } from '../src/redis-entry';
import { TEST_REDIS_URL } from '../src/testing';

// withRedisLock against the real Redis of the component tier, with leases of a few hundred
// milliseconds so that expiry happens within the test. A holder that renews must not lose its lock to
// a stall of the test process, so the tests that count on renewal use leases of 600 ms (renewed every
// 200 ms) on a machine that runs other test files at the same time.
jest.setTimeout(30_000);

let redis: Redis;
beforeAll(() => {
  redis = createRedis(TEST_REDIS_URL, 'client');
});
afterAll(() => redis.quit());

const newKey = () => `test-lock:${randomUUID()}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Settles `promise` and says how, and how many ms after `from` it did. */
async function outcome<T>(promise: Promise<T>, from: number): Promise<{ value?: T; error?: unknown; ms: number }> {
  try {
    const value = await promise;
    return { value, ms: Date.now() - from };
  } catch (error) {
    return { error, ms: Date.now() - from };
  }
}

const expectBusy = (error: unknown) => {
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
};

describe('withRedisLock (real Redis)', () => {
  it('when the lock is held, then another caller waits waitMs and gets 503 SERVICE_UNAVAILABLE without running its work', async () => {
    const key = newKey();
    let release!: () => void;
    const holder = withRedisLock(redis, key, () => new Promise<void>((r) => (release = r)), { leaseMs: 5000 });
    await sleep(50);
    let ran = false;
    const started = Date.now();
    const second = await outcome(
      withRedisLock(redis, key, async () => void (ran = true), { waitMs: 300 }),
      started,
    );
    expectBusy(second.error);
    expect((second.error as Error).message).toBe('Busy with another change; try again shortly');
    expect(ran).toBe(false);
    // It waited its 300 ms (not less), and gave up soon after (its retries back off to at most ~200 ms).
    expect(second.ms).toBeGreaterThanOrEqual(300);
    expect(second.ms).toBeLessThan(1500);
    release();
    await holder;
    expect(await redis.exists(key)).toBe(0);
  });

  it('when the work outlives the lease, then the lease is renewed and a second caller gets in only after the first finished', async () => {
    const key = newKey();
    const log: string[] = [];
    const first = withRedisLock(
      redis,
      key,
      async () => {
        log.push('first starts');
        await sleep(2000); // more than three leases
        log.push('first ends');
      },
      { leaseMs: 600 },
    );
    await sleep(50);
    const second = withRedisLock(
      redis,
      key,
      async () => {
        log.push('second starts');
      },
      { leaseMs: 600, waitMs: 5000 },
    );
    // Midway through the first's work the key is still there, with at most one lease to live.
    await sleep(1000);
    const ttl = await redis.pttl(key);
    await Promise.all([first, second]);
    expect(log).toEqual(['first starts', 'first ends', 'second starts']);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600);
    expect(await redis.exists(key)).toBe(0);
  });

  it('when the work ends (or throws), then renewal stops and the lock is freed at once', async () => {
    const key = newKey();
    const evals = jest.spyOn(redis, 'eval');
    const renewals = () => evals.mock.calls.filter((call) => String(call[0]).includes('pexpire')).length;
    await withRedisLock(redis, key, () => sleep(250), { leaseMs: 300 });
    expect(await redis.exists(key)).toBe(0);
    // It was renewed while the work ran (every 100 ms), and not once in the 400 ms after.
    const renewedDuringWork = renewals();
    expect(renewedDuringWork).toBeGreaterThanOrEqual(1);
    await sleep(400);
    expect(renewals()).toBe(renewedDuringWork);
    evals.mockRestore();
    await expect(
      withRedisLock(
        redis,
        key,
        async () => {
          await sleep(250);
          throw new Error('the work failed');
        },
        { leaseMs: 300 },
      ),
    ).rejects.toThrow('the work failed');
    expect(await redis.exists(key)).toBe(0);
  });

  it('when a lock key is left behind by a holder that died, then the next caller gets in once its lease ran out, not before', async () => {
    const key = newKey();
    await redis.set(key, 'a dead holder', 'PX', 400);
    const started = Date.now();
    const next = await outcome(withRedisLock(redis, key, async () => 'mine', { waitMs: 3000 }), started);
    expect(next.value).toBe('mine');
    expect(next.ms).toBeGreaterThanOrEqual(350);
    expect(next.ms).toBeLessThan(1500);
  });

  describe('a holder in another process', () => {
    let child: ChildProcess | undefined;
    afterEach(() => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });

    it('when it is alive its lock outlasts many leases; when it is killed, the lock frees itself within one lease', async () => {
      const key = newKey();
      const leaseMs = 600;
      const holder = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'support/lock-holder.ts')], {
        env: { ...process.env, REDIS_URL: TEST_REDIS_URL, LOCK_KEY: key, LOCK_LEASE_MS: String(leaseMs) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      child = holder;
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve());
        holder.on('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
      });

      // Alive: three leases of waiting do not get us in.
      const blocked = await outcome(withRedisLock(redis, key, async () => 'got in', { waitMs: 3 * leaseMs }), Date.now());
      expectBusy(blocked.error);

      holder.kill('SIGKILL');
      await new Promise((r) => holder.once('exit', r));
      const killedAt = Date.now();
      // Its last renewal was at most a third of a lease ago, so the key lives on for a while, then expires.
      expect(await redis.pttl(key)).toBeGreaterThan(0);
      const after = await outcome(withRedisLock(redis, key, async () => 'got in', { waitMs: 5000 }), killedAt);
      expect(after.value).toBe('got in');
      expect(after.ms).toBeLessThan(leaseMs + 800);
    });
  });

  it('when the lock is lost while the work runs, then the work is told (its signal aborts) and the holder gets 503 after its work; the new owner keeps its lock', async () => {
    const key = newKey();
    let signal: AbortSignal | undefined;
    let abortedDuringWork = false;
    const started = Date.now();
    const holder = outcome(
      withRedisLock(
        redis,
        key,
        async (lockSignal) => {
          signal = lockSignal;
          await sleep(100);
          // Someone else owns the key now (as after the lease ran out during a stall, and another caller took it).
          await redis.set(key, 'the new owner', 'PX', 10_000);
          await sleep(500);
          abortedDuringWork = lockSignal.aborted;
          return 'done';
        },
        { leaseMs: 300 },
      ),
      started,
    );
    const result = await holder;
    expect(signal).toBeDefined();
    expect(abortedDuringWork).toBe(true);
    expectBusy(result.error);
    // After its work (600 ms), not before.
    expect(result.ms).toBeGreaterThanOrEqual(600);
    expect(await redis.get(key)).toBe('the new owner');
    await redis.del(key);
  });

  it('when the work runs past maxHoldMs, then renewal stops there: the lock lapses a lease later, the work is told, and the holder gets 503', async () => {
    const key = newKey();
    let abortedAt: number | undefined;
    const started = Date.now();
    const first = outcome(
      withRedisLock(
        redis,
        key,
        async (signal) => {
          signal.addEventListener('abort', () => (abortedAt = Date.now() - started));
          await sleep(2500);
        },
        { leaseMs: 400, maxHoldMs: 1200 },
      ),
      started,
    );
    await sleep(50);
    const second = outcome(withRedisLock(redis, key, async () => 'second', { waitMs: 5000 }), started);
    const [a, b] = await Promise.all([first, second]);
    expectBusy(a.error);
    // Told at the first renewal tick past maxHoldMs (ticks every 133 ms).
    expect(abortedAt).toBeGreaterThanOrEqual(1200);
    expect(abortedAt).toBeLessThan(2000);
    // Held for maxHoldMs by renewals, then for at most one more lease (and a retry of the waiter).
    expect(b.value).toBe('second');
    expect(b.ms).toBeGreaterThanOrEqual(1200);
    expect(b.ms).toBeLessThan(2400);
  });
});
