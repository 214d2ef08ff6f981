// Jest setup (after the environment) for the tiers that talk to real infrastructure: each test file
// starts with no event history. Files on one jest worker run one after another on the same Redis, and
// a service's new consumer group reads its streams from the start: an event an earlier file published
// (a network change, which alerts every wallet with a destination) would reach this file's services.
// Only the event streams (`events:*`, the dead-letter stream too) are removed; files run one at a time
// per worker, so no running test loses an event.
import { Redis } from 'ioredis';

beforeAll(async () => {
  const url = process.env.REDIS_URL;
  if (!url) return;
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', 'events:*', 'COUNT', 1000);
      keys.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
});
