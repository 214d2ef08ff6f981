import { randomUUID } from 'node:crypto';
import { NetworkHistoryReplySchema } from '@shm/contracts';
import { listen, type RunningServer } from '@shm/platform';
import { connectMongo, type Connection } from '@shm/platform/mongo';
import { createRedis, type Redis } from '@shm/platform/redis';
import { errorOf, readJson, TEST_MONGO_URL, TEST_REDIS_URL, testLogger } from '@shm/platform/testing';
import { createApp } from '../src/app';
import { networkHistoryRepository } from '../src/data-access/network-history.repository';
import { priceRepository } from '../src/data-access/price.repository';
import { snapshotRepository } from '../src/data-access/snapshot.repository';
import { snapshotOf } from './support/history-data';

const HOUR_MS = 3_600_000;
let mongo: Connection;
let redis: Redis;
let server: RunningServer;

beforeAll(async () => {
  mongo = await connectMongo(TEST_MONGO_URL, `network_history_route_test_${randomUUID().slice(0, 8)}`);
  redis = createRedis(TEST_REDIS_URL, 'client');
  const prefix = `test-network-history-${randomUUID()}:`;
  const history = await networkHistoryRepository(mongo, { rawRetentionHours: 48, hourlyRetentionDays: 90 });
  // Two hours of history up to now: one bucket two hours ago (rolled up) and one now (the current hour).
  const now = new Date();
  await history.record(snapshotOf({ active: 255, standby: 412, community: 22, foundation: 233 }), 0.1172, new Date(now.getTime() - 2 * HOUR_MS));
  await history.record(snapshotOf({ active: 256, standby: 410, community: 23, foundation: 233 }), 0.1175, now);
  await history.rollUp(now);
  const app = createApp(
    {
      snapshots: snapshotRepository(redis, prefix),
      prices: priceRepository(redis, prefix),
      refresh: () => Promise.reject(new Error('refresh is not part of these tests')),
      history,
    },
    { logger: testLogger('network'), priceStaleAfterMs: 180_000 },
  );
  server = await listen(app, 0);
});

afterAll(async () => {
  await server.close();
  redis.disconnect();
  await mongo.dropDatabase();
  await mongo.close();
});

const get = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: await readJson(res) };
};

describe('GET /api/shardeum-network/history', () => {
  it('when range=7d is asked, then it answers hourly buckets in the contract’s shape, ending with the current hour', async () => {
    const { status, body } = await get('/api/shardeum-network/history?range=7d');
    expect(status).toBe(200);
    const reply = NetworkHistoryReplySchema.parse(body);
    expect([reply.range, reply.bucketSeconds]).toEqual(['7d', 3600]);
    // The two snapshots lie in two different hours (two hours apart), each its own hourly point.
    expect(reply.points.map((p) => [p.active, p.foundation, p.priceUsd])).toEqual([
      [255, 233, 0.1172],
      [256, 233, 0.1175],
    ]);
    const times = reply.points.map((p) => Date.parse(p.t));
    expect(times.map((t) => t - (times[0] ?? 0))).toEqual([0, 2 * HOUR_MS]);
  });

  it('when no range is given, then it answers the last 24 h in 5-minute buckets', async () => {
    const { status, body } = await get('/api/shardeum-network/history');
    expect(status).toBe(200);
    const reply = NetworkHistoryReplySchema.parse(body);
    expect([reply.range, reply.bucketSeconds, reply.points.map((p) => p.standby)]).toEqual(['24h', 300, [412, 410]]);
  });

  it('when range is not one of 24h, 7d, 30d, then it answers 400 in the standard error shape naming range', async () => {
    const { status, body } = await get('/api/shardeum-network/history?range=1y');
    expect(status).toBe(400);
    expect(errorOf(body)).toMatchObject({ code: 'VALIDATION_FAILED', fields: { range: expect.any(String) as unknown } });
    expect(errorOf(body).message).toMatch(/^range: /);
    expect(typeof errorOf(body).requestId).toBe('string');
  });
});
