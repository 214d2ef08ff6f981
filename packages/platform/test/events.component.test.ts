import { randomUUID } from 'node:crypto';
import { DEFAULT_FEATURE_FLAGS, eventStream } from '@shm/contracts';
import { consumeEvents, createRedis, publishEvent, type Redis } from '../src';
import { TEST_REDIS_URL, testLogger } from '../src/testing';

const REDIS_URL = TEST_REDIS_URL;

describe('events on Redis Streams (real Redis)', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = createRedis(REDIS_URL, 'client');
  });
  afterAll(() => redis.quit());

  const waitFor = async (check: () => boolean, ms = 5000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('when an event was published before a group existed, then the new group replays it', async () => {
    const at = new Date().toISOString();
    const flags = { ...DEFAULT_FEATURE_FLAGS, confetti: true };
    const id = await publishEvent(redis, 'flags.changed', { flags, at });
    const seen: string[] = [];
    const consumer = await consumeEvents(redis, {
      group: `test-${randomUUID()}`,
      consumer: 'c1',
      logger: testLogger(),
      handlers: { 'flags.changed': (_p, eventId) => void seen.push(eventId) },
    });
    try {
      await waitFor(() => seen.includes(id));
    } finally {
      await consumer.stop();
    }
  });

  it('when a handler fails once, then the event is delivered again and acked after success', async () => {
    const group = `test-${randomUUID()}`;
    let calls = 0;
    const consumer = await consumeEvents(redis, {
      group,
      consumer: 'c1',
      logger: testLogger(),
      blockMs: 200,
      handlers: {
        'flags.changed': () => {
          calls += 1;
          if (calls === 1) throw new Error('transient');
        },
      },
    });
    try {
      // The group starts at the oldest event, so wait until history is drained before counting.
      await new Promise((r) => setTimeout(r, 500));
      calls = 0;
      await publishEvent(redis, 'flags.changed', { flags: DEFAULT_FEATURE_FLAGS, at: new Date().toISOString() });
      await waitFor(() => calls >= 2);
      const pendingCount = async () => ((await redis.xpending(eventStream('flags.changed'), group)) as [number])[0];
      for (let i = 0; i < 50 && (await pendingCount()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await pendingCount()).toBe(0);
      expect(calls).toBe(2);
    } finally {
      await consumer.stop();
    }
  });

  it('when a payload breaks its contract, then publishing refuses it', async () => {
    await expect(
      publishEvent(redis, 'flags.changed', { flags: { paymentGate: 'yes' } as never, at: 'now' }),
    ).rejects.toThrow();
  });
});
