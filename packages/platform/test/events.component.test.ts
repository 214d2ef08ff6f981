import { randomUUID } from 'node:crypto';
import { DEFAULT_FEATURE_FLAGS, eventStream } from '@shm/contracts';
import { createMetrics } from '../src';
import { DEAD_LETTER_STREAM, consumeEvents, createRedis, publishEvent, type Redis } from '../src/redis-entry';
import { TEST_REDIS_URL, parseMetrics, testLogger } from '../src/testing';

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

  it('when a consumer reads an event and dies before acknowledging it, then another consumer of the group claims and handles it', async () => {
    const group = `test-${randomUUID()}`;
    await redis.xgroup('CREATE', eventStream('flags.changed'), group, '$', 'MKSTREAM');
    const id = await publishEvent(redis, 'flags.changed', { flags: { ...DEFAULT_FEATURE_FLAGS, networkData: true }, at: new Date().toISOString() });
    // The consumer that dies: it reads (the event is now pending for it) and never acknowledges.
    await redis.xreadgroup('GROUP', group, 'dead', 'COUNT', 10, 'STREAMS', eventStream('flags.changed'), '>');
    const seen: string[] = [];
    const survivor = await consumeEvents(redis, {
      group,
      consumer: 'survivor',
      logger: testLogger(),
      blockMs: 100,
      reclaimIdleMs: 200,
      handlers: { 'flags.changed': (_p, eventId) => void seen.push(eventId) },
    });
    try {
      await waitFor(() => seen.includes(id));
      await waitFor(() => false, 300).catch(() => undefined);
      const [pending] = (await redis.xpending(eventStream('flags.changed'), group)) as [number];
      expect(pending).toBe(0);
    } finally {
      await survivor.stop();
    }
  });

  it('when a handler keeps failing on an event, then the event is parked in the dead-letter stream, not dropped', async () => {
    const group = `test-${randomUUID()}`;
    await redis.xgroup('CREATE', eventStream('flags.changed'), group, '$', 'MKSTREAM');
    const id = await publishEvent(redis, 'flags.changed', { flags: { ...DEFAULT_FEATURE_FLAGS, confetti: true }, at: new Date().toISOString() });
    let calls = 0;
    const consumer = await consumeEvents(redis, {
      group,
      consumer: 'c1',
      logger: testLogger(),
      blockMs: 100,
      handlers: {
        'flags.changed': () => {
          calls += 1;
          throw new Error('store unavailable');
        },
      },
    });
    try {
      const parked = async () => {
        const entries = (await redis.xrevrange(DEAD_LETTER_STREAM, '+', '-', 'COUNT', 50)) as [string, string[]][];
        return entries.map(([, f]) => Object.fromEntries(f.flatMap((v, i) => (i % 2 ? [] : [[v, f[i + 1]]])))).find((e) => e.group === group);
      };
      const deadline = Date.now() + 8000;
      while (!(await parked()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const entry = await parked();
      expect(entry).toMatchObject({ event: 'flags.changed', id, group, error: 'store unavailable' });
      expect(JSON.parse(entry?.data ?? 'null')).toMatchObject({ flags: { confetti: true } });
      expect(calls).toBe(5);
      const [pending] = (await redis.xpending(eventStream('flags.changed'), group)) as [number];
      expect(pending).toBe(0);
    } finally {
      await consumer.stop();
    }
  });

  it('when events arrive while the handler is busy, then the group\'s lag and pending count show them, both fall to 0 once it catches up, and a stopped consumer is no longer reported', async () => {
    const stream = eventStream('flags.changed');
    const group = `test-${randomUUID()}`;
    await redis.xgroup('CREATE', stream, group, '$', 'MKSTREAM');
    const metrics = createMetrics('events-test');
    let release!: () => void;
    const busy = new Promise<void>((resolve) => (release = resolve));
    let handled = 0;
    const consumer = await consumeEvents(redis, {
      group,
      consumer: 'c1',
      logger: testLogger(),
      blockMs: 100,
      metrics,
      handlers: {
        'flags.changed': async () => {
          handled += 1;
          await busy;
        },
      },
    });
    const read = async () => {
      const scraped = parseMetrics(await metrics.scrape());
      return {
        lag: scraped.sum('event_consumer_lag', { stream, group }),
        pending: scraped.sum('event_consumer_pending', { stream, group }),
        series: scraped.find('event_consumer_lag', { group }).length,
      };
    };
    const publish = () => publishEvent(redis, 'flags.changed', { flags: DEFAULT_FEATURE_FLAGS, at: new Date().toISOString() });
    try {
      expect(await read()).toEqual({ lag: 0, pending: 0, series: 1 });
      await publish();
      await waitFor(() => handled === 1);
      // The first is delivered and held by the busy handler; the next three wait in the stream.
      for (let i = 0; i < 3; i++) await publish();
      expect(await read()).toEqual({ lag: 3, pending: 1, series: 1 });
      release();
      await waitFor(() => handled === 4);
      const deadline = Date.now() + 5000;
      while ((await read()).pending > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await read()).toEqual({ lag: 0, pending: 0, series: 1 });
    } finally {
      release();
      await consumer.stop();
    }
    expect((await read()).series).toBe(0);
  });
});
