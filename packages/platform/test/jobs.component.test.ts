import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_FEATURE_FLAGS } from '@shm/contracts';
import { createMetrics, type Metrics } from '../src';
import { UnrecoverableError, createProducer, eventHandler, jobHandler, startHandlers, type Handler, type StartedHandlers } from '../src/jobs';
import { DEAD_LETTER_STREAM, createRedis, publishEvent, type Redis } from '../src/redis-entry';
import { TEST_REDIS_URL, parseMetrics, testLogger } from '../src/testing';

const HASH = `0x${'ab'.repeat(32)}`;
const WALLET = `0x${'12'.repeat(20)}`;

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 8000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe('the job and event runtime (real Redis)', () => {
  let redis: Redis;
  let client: Redis;
  const started: StartedHandlers[] = [];
  const producers: ReturnType<typeof createProducer>[] = [];
  beforeAll(() => {
    redis = createRedis(TEST_REDIS_URL, 'worker');
    client = createRedis(TEST_REDIS_URL, 'client');
  });
  afterEach(async () => {
    for (const handlers of started.splice(0)) await handlers.stop();
    for (const producer of producers.splice(0)) await producer.close();
  });
  afterAll(async () => {
    redis.disconnect();
    await client.quit();
  });

  /** A producer and handlers on queues of their own (a fresh prefix), as one process would hold them. */
  async function runtime(handlers: Handler[], options: { metrics?: Metrics; attempts?: number; stopTimeoutMs?: number } = {}) {
    const prefix = `jobs-test-${randomUUID()}`;
    const producer = createProducer({
      redis: client,
      prefix,
      logger: testLogger(),
      queues: { paymentVerification: { attempts: options.attempts ?? 3, backoffMs: 50 }, paymentReconciliation: { attempts: options.attempts ?? 3, backoffMs: 50 } },
    });
    producers.push(producer);
    const running = await startHandlers({ redis, prefix, logger: testLogger(), metrics: options.metrics, handlers, blockMs: 100, stopTimeoutMs: options.stopTimeoutMs });
    started.push(running);
    return { producer, running };
  }

  const outcomes = async (metrics: Metrics) =>
    Object.fromEntries(parseMetrics(await metrics.scrape()).find('payment_verification_jobs_total').map((s) => [String(s.labels.outcome), s.value]));

  it('when a job fails twice and then succeeds, then it ran three times, its result is kept, and the attempts are counted by outcome', async () => {
    const metrics = createMetrics('jobs-test');
    const seen: { attempt: number; finalAttempt: boolean; wallet: string }[] = [];
    const verify = jobHandler({
      queue: 'paymentVerification',
      job: 'verifyPayment',
      run: async ({ wallet }, { attempt, finalAttempt }) => {
        seen.push({ attempt, finalAttempt, wallet });
        if (attempt < 3) throw new Error('chain not reachable');
        return { confirmed: true };
      },
    });
    const { producer } = await runtime([verify], { metrics });
    await producer.enqueue('paymentVerification', 'verifyPayment', { sessionId: 's1', txHash: HASH, wallet: WALLET }, { jobId: 'job-1' });
    expect(await producer.result('paymentVerification', 'job-1', 8000)).toEqual({ state: 'completed', value: { confirmed: true } });
    expect(seen).toEqual([
      { attempt: 1, finalAttempt: false, wallet: WALLET },
      { attempt: 2, finalAttempt: false, wallet: WALLET },
      { attempt: 3, finalAttempt: true, wallet: WALLET },
    ]);
    expect(await outcomes(metrics)).toEqual({ completed: 1, retried: 2, failed: 0, stalled: 0 });
    const durations = parseMetrics(await metrics.scrape()).sum('payment_verification_job_duration_seconds_count', { job_name: 'verify-payment' });
    expect(durations).toBe(3);
  });

  it('when a handler throws UnrecoverableError, then the job is not retried, ends failed with its reason, and its failed hook is told', async () => {
    const metrics = createMetrics('jobs-test');
    let runs = 0;
    const givenUp: [string, string][] = [];
    const { producer } = await runtime(
      [
        jobHandler({
          queue: 'paymentVerification',
          job: 'verifyPayment',
          run: async () => {
            runs += 1;
            throw new UnrecoverableError('WRONG_SENDER: sent from another wallet');
          },
          failed: async ({ sessionId }, reason) => void givenUp.push([sessionId, reason]),
        }),
      ],
      { metrics, attempts: 5 },
    );
    await producer.enqueue('paymentVerification', 'verifyPayment', { sessionId: 's1', txHash: HASH, wallet: WALLET }, { jobId: 'job-2' });
    expect(await producer.result('paymentVerification', 'job-2', 8000)).toEqual({ state: 'failed', reason: 'WRONG_SENDER: sent from another wallet' });
    await sleep(300);
    expect(runs).toBe(1);
    expect(givenUp).toEqual([['s1', 'WRONG_SENDER: sent from another wallet']]);
    expect(await outcomes(metrics)).toEqual({ completed: 0, retried: 0, failed: 1, stalled: 0 });
  });

  it('when a payload breaks its schema, then the producer refuses it, naming the field, and nothing is queued', async () => {
    let runs = 0;
    const { producer } = await runtime([jobHandler({ queue: 'paymentVerification', job: 'verifyPayment', run: async () => void (runs += 1) })]);
    await expect(producer.enqueue('paymentVerification', 'verifyPayment', { sessionId: 's1', txHash: 'not-a-hash', wallet: WALLET }, { jobId: 'job-3' })).rejects.toThrow(
      /txHash[\s\S]*transaction hash/,
    );
    expect(await producer.state('paymentVerification', 'job-3')).toBe('missing');
    expect(runs).toBe(0);
  });

  it('when the same job id is enqueued while pending, then it runs once; with `again` after it finished, it runs again', async () => {
    let runs = 0;
    const { producer } = await runtime([jobHandler({ queue: 'paymentReconciliation', job: 'reconcileGrants', run: async () => void (runs += 1) })]);
    await producer.enqueue('paymentReconciliation', 'reconcileGrants', {}, { jobId: 'round-1', delayMs: 300 });
    expect(await producer.enqueue('paymentReconciliation', 'reconcileGrants', {}, { jobId: 'round-1' })).toBe('delayed');
    await until(() => runs === 1, 'the first run');
    await until(async () => (await producer.state('paymentReconciliation', 'round-1')) === 'completed', 'the job to complete');
    expect(await producer.enqueue('paymentReconciliation', 'reconcileGrants', {}, { jobId: 'round-1' })).toBe('completed');
    await producer.enqueue('paymentReconciliation', 'reconcileGrants', {}, { jobId: 'round-1', again: true });
    await until(() => runs === 2, 'the second run');
  });

  it('when a queue, a job or an event is not in the registry, or a queue is handled in part, then nothing starts and the error names it', async () => {
    const prefix = `jobs-test-${randomUUID()}`;
    const group = `jobs-test-${randomUUID()}`;
    let heard = 0;
    const listener = eventHandler({ event: 'flags.changed', group, run: () => void (heard += 1) });
    const start = (handlers: Handler[]) => startHandlers({ redis, prefix, logger: testLogger(), handlers: [listener, ...handlers], blockMs: 100 });
    const noop = async () => undefined;
    await expect(start([{ queue: 'payment-verification', job: 'verifyPayment', run: noop } as never])).rejects.toThrow('queue "payment-verification", which is not registered');
    await expect(start([{ queue: 'paymentVerification', job: 'verify', run: noop } as never])).rejects.toThrow('job "verify", which is not registered on queue payment-verification');
    await expect(start([{ event: 'flags.change', group, run: noop } as never])).rejects.toThrow('event "flags.change", which is not registered');
    await expect(start([jobHandler({ queue: 'networkPolling', job: 'pollNetwork', run: noop })])).rejects.toThrow('has no handler for job "poll-price"');
    await publishEvent(client, 'flags.changed', { flags: DEFAULT_FEATURE_FLAGS, at: new Date().toISOString() });
    await sleep(400);
    expect(heard).toBe(0);
  });

  it('when the handlers stop while a job runs, then that job finishes first and no new job starts', async () => {
    const done: string[] = [];
    let running = false;
    const { producer, running: handlers } = await runtime([
      jobHandler({
        queue: 'paymentReconciliation',
        job: 'reconcileGrants',
        run: async (_payload, { id }) => {
          running = true;
          await sleep(600);
          done.push(id);
        },
      }),
    ]);
    await producer.enqueue('paymentReconciliation', 'reconcileGrants', {}, { jobId: 'slow-1' });
    await until(() => running, 'the job to start');
    await handlers.stop();
    expect(done).toEqual(['slow-1']);
    expect(await producer.state('paymentReconciliation', 'slow-1')).toBe('completed');
    await producer.enqueue('paymentReconciliation', 'reconcileGrants', {}, { jobId: 'after-stop' });
    await sleep(400);
    expect(await producer.state('paymentReconciliation', 'after-stop')).toBe('waiting');
  });

  it('when an event handler keeps failing, then the event is parked in the dead-letter stream after 5 attempts', async () => {
    const group = `jobs-test-${randomUUID()}`;
    await redis.xgroup('CREATE', 'events:flags.changed', group, '$', 'MKSTREAM');
    let calls = 0;
    await runtime([
      eventHandler({
        event: 'flags.changed',
        group,
        run: () => {
          calls += 1;
          throw new Error('store unavailable');
        },
      }),
    ]);
    const id = await publishEvent(client, 'flags.changed', { flags: DEFAULT_FEATURE_FLAGS, at: new Date().toISOString() });
    const parked = async () => {
      const entries = (await client.xrevrange(DEAD_LETTER_STREAM, '+', '-', 'COUNT', 50)) as [string, string[]][];
      return entries.some(([, fields]) => fields.includes(group) && fields.includes(id));
    };
    await until(parked, 'the event in the dead-letter stream');
    expect(calls).toBe(5);
  });

  it('when a handler follows the latest event, then the newest kept one is handled at start and older ones are skipped', async () => {
    const group = `jobs-test-${randomUUID()}`;
    const at = new Date().toISOString();
    await publishEvent(client, 'flags.changed', { flags: { ...DEFAULT_FEATURE_FLAGS, confetti: false }, at });
    await publishEvent(client, 'flags.changed', { flags: { ...DEFAULT_FEATURE_FLAGS, confetti: true }, at });
    const seen: boolean[] = [];
    await runtime([eventHandler({ event: 'flags.changed', group, latest: true, run: ({ flags }) => void seen.push(flags.confetti) })]);
    expect(seen).toEqual([true]);
    await sleep(400);
    expect(seen).toEqual([true]);
    await publishEvent(client, 'flags.changed', { flags: { ...DEFAULT_FEATURE_FLAGS, confetti: false }, at });
    await until(() => seen.length === 2, 'the new event');
    expect(seen).toEqual([true, false]);
  });
});
