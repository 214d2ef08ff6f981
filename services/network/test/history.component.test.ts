import { randomUUID } from 'node:crypto';
import { connectMongo, type Connection } from '@shm/platform/mongo';
import { recordingLogger, TEST_MONGO_URL } from '@shm/platform/testing';
import { networkHistoryRepository } from '../src/data-access/network-history.repository';
import { at, snapshotOf } from './support/history-data';

const DB = `network_history_test_${randomUUID().slice(0, 8)}`;
const KEEP = { rawRetentionHours: 48, hourlyRetentionDays: 90 };
const connections: Connection[] = [];

async function connect(): Promise<Connection> {
  const connection = await connectMongo(TEST_MONGO_URL, DB);
  connections.push(connection);
  return connection;
}
const ids = async (connection: Connection) => (await connection.collection('network_history').find({}, { sort: { _id: 1 } }).toArray()).map((d) => String(d._id));

let main: Connection;
beforeAll(async () => {
  main = await connect();
});
beforeEach(async () => {
  await main.collection('network_history').deleteMany({});
});
afterAll(async () => {
  await main.dropDatabase();
  await Promise.all(connections.map((c) => c.close()));
});

describe('network history repository (real MongoDB wire server)', () => {
  it('when two replicas record into the same 5-minute buckets at once, then each bucket is one document, written whole by one of them', async () => {
    const [a, b] = await Promise.all([networkHistoryRepository(await connect(), KEEP), networkHistoryRepository(await connect(), KEEP)]);
    // Ten buckets 5 minutes apart, each written by both replicas at the same moment with different counts.
    for (let i = 0; i < 10; i++) {
      const when = new Date(Date.parse('2025-02-01T10:01:00.000Z') + i * 300_000);
      await Promise.all([a.record(snapshotOf({ active: 100, standby: 1, community: 1 }), 0.1, when), b.record(snapshotOf({ active: 200, standby: 2, community: 2 }), 0.2, when)]);
    }
    const docs = await main.collection('network_history').find({}).toArray();
    expect(docs).toHaveLength(10);
    expect(docs.map((d) => String(d._id))).toContain('m5:2025-02-01T10:00:00.000Z');
    expect(docs.map((d) => String(d._id))).toContain('m5:2025-02-01T10:45:00.000Z');
    // Whichever replica won, its document is whole (never a mix of the two).
    for (const doc of docs) expect([[100, 0.1], [200, 0.2]]).toContainEqual([doc.active, doc.priceUsd]);
  });

  it('when a complete hour is rolled up, then its hourly bucket holds the averages, and the current hour is averaged on the fly', async () => {
    const history = await networkHistoryRepository(main, KEEP);
    await history.record(snapshotOf({ active: 255, standby: 410, community: 22, foundation: 233 }, { rewardPerHour: 10, stakeRequired: 2400 }), 0.1172, at('2025-02-01T10:00:30Z'));
    await history.record(snapshotOf({ active: 256, standby: 413, community: 23, foundation: 233 }, { rewardPerHour: 10, stakeRequired: 2400 }), 0.1175, at('2025-02-01T10:05:00Z'));
    await history.record(snapshotOf({ active: 256, standby: 414, community: 23 }, { rewardPerHour: 12, stakeRequired: 2500, isEstimate: true }), null, at('2025-02-01T10:59:59Z'));
    await history.record(snapshotOf({ active: 300, standby: 5, community: 30 }), 0.2, at('2025-02-01T11:10:00Z'));
    const now = at('2025-02-01T11:20:00Z');
    await history.rollUp(now);
    // Only 10:00 is complete at 11:20; 11:00 is not rolled up yet.
    expect(await ids(main)).toEqual(['h1:2025-02-01T10:00:00.000Z', 'm5:2025-02-01T10:00:00.000Z', 'm5:2025-02-01T10:05:00.000Z', 'm5:2025-02-01T10:55:00.000Z', 'm5:2025-02-01T11:10:00.000Z']);
    const reply = await history.read('7d', now);
    // By hand: active (255+256+256)/3 = 255.67 → 255.7; standby (410+413+414)/3 = 412.33 → 412.3;
    // community (22+23+23)/3 = 22.67 → 22.7; foundation over the two that knew it: 233; price over
    // the two known (0.1172+0.1175)/2 = 0.11735; reward and stake the last seen (12, 2500); one
    // estimate makes the hour one. 11:00 is its one 5-minute bucket as it stands.
    expect(reply).toEqual({
      range: '7d',
      bucketSeconds: 3600,
      points: [
        { t: '2025-02-01T10:00:00.000Z', active: 255.7, standby: 412.3, community: 22.7, foundation: 233, priceUsd: 0.11735, rewardPerHour: 12, stakeRequired: 2500, estimate: true },
        { t: '2025-02-01T11:00:00.000Z', active: 300, standby: 5, community: 30, priceUsd: 0.2, estimate: false },
      ],
    });
  });

  it('when rollUp runs again, or a late 5-minute bucket lands in a rolled-up hour, then nothing already rolled up changes', async () => {
    const history = await networkHistoryRepository(main, KEEP);
    await history.record(snapshotOf({ active: 10, standby: 1, community: 2 }), null, at('2025-02-02T10:00:00Z'));
    await history.rollUp(at('2025-02-02T11:01:00Z'));
    const before = await main.collection('network_history').find({}, { sort: { _id: 1 } }).toArray();
    await history.rollUp(at('2025-02-02T11:02:00Z'));
    await history.record(snapshotOf({ active: 50, standby: 1, community: 2 }), null, at('2025-02-02T10:55:00Z'));
    await history.rollUp(at('2025-02-02T11:03:00Z'));
    const after = await main.collection('network_history').find({}, { sort: { _id: 1 } }).toArray();
    // The hourly bucket is the first rollup's (active 10, not (10+50)/2 = 30); only the late bucket was added.
    expect(after.filter((d) => String(d._id) !== 'm5:2025-02-02T10:55:00.000Z')).toEqual(before);
    expect(after.find((d) => String(d._id) === 'h1:2025-02-02T10:00:00.000Z')?.active).toBe(10);
  });

  it('when buckets pass their retention, then rollUp deletes them, after rolling the raw ones up', async () => {
    const history = await networkHistoryRepository(main, { rawRetentionHours: 2, hourlyRetentionDays: 1 });
    const counts = snapshotOf({ active: 1, standby: 1, community: 1 });
    await history.record(counts, null, at('2025-03-01T10:00:00Z'));
    await history.record(counts, null, at('2025-03-01T10:05:00Z'));
    await history.record(counts, null, at('2025-03-01T12:30:00Z'));
    // At 12:40 raw buckets before 10:40 go, after hour 10:00 was rolled up; 12:00 is not complete.
    await history.rollUp(at('2025-03-01T12:40:00Z'));
    expect(await ids(main)).toEqual(['h1:2025-03-01T10:00:00.000Z', 'm5:2025-03-01T12:30:00.000Z']);
    // A day later (11:00 next day): 12:00 is rolled up, raw before 09:00 goes, hourly before 11:00 the day before goes.
    await history.rollUp(at('2025-03-02T11:00:00Z'));
    expect(await ids(main)).toEqual(['h1:2025-03-01T12:00:00.000Z']);
  });

  it('when the ranges are read, then 24h answers 5-minute buckets of the last 24 h, 7d and 30d hourly ones, oldest first', async () => {
    const history = await networkHistoryRepository(main, { rawRetentionHours: 24 * 40, hourlyRetentionDays: 90 });
    const now = at('2025-04-10T12:02:00Z');
    // Written newest first, so the order of the reply is the store's doing.
    const written: [string, number][] = [
      ['2025-04-10T12:00:00Z', 106],
      ['2025-04-10T11:55:00Z', 105],
      ['2025-04-09T12:05:00Z', 103],
      ['2025-04-09T12:00:00Z', 100],
      ['2025-04-08T09:10:00Z', 99],
      ['2025-03-20T08:00:00Z', 98],
    ];
    for (const [iso, active] of written) await history.record(snapshotOf({ active, standby: 0, community: 0 }), null, at(iso));
    await history.rollUp(now);
    const day = await history.read('24h', now);
    const week = await history.read('7d', now);
    const month = await history.read('30d', now);
    // 24 h back from 12:02 is 12:02 the day before: the 12:00 bucket of that day is out, 12:05 in.
    expect([day.bucketSeconds, day.points.map((p) => [p.t, p.active])]).toEqual([
      300,
      [['2025-04-09T12:05:00.000Z', 103], ['2025-04-10T11:55:00.000Z', 105], ['2025-04-10T12:00:00.000Z', 106]],
    ]);
    // 7 d reaches back to 04-03 12:02, so hour 12:00 of 04-09 holds both its buckets: (100+103)/2 = 101.5;
    // 11:00 of 04-10 was rolled up, 12:00 (incomplete) is averaged on the fly.
    expect([week.bucketSeconds, week.points.map((p) => [p.t, p.active])]).toEqual([
      3600,
      [['2025-04-08T09:00:00.000Z', 99], ['2025-04-09T12:00:00.000Z', 101.5], ['2025-04-10T11:00:00.000Z', 105], ['2025-04-10T12:00:00.000Z', 106]],
    ]);
    expect(month.bucketSeconds).toBe(3600);
    expect(month.points.map((p) => p.t)).toEqual(['2025-03-20T08:00:00.000Z', ...week.points.map((p) => p.t)]);
  });

  it('when a stored bucket does not fit the contract, then it is left out of the reply and logged', async () => {
    const { logger, entries } = recordingLogger('network');
    const history = await networkHistoryRepository(main, { ...KEEP, logger });
    await history.record(snapshotOf({ active: 7, standby: 0, community: 0 }), null, at('2025-05-01T10:00:00Z'));
    await main.collection('network_history').insertOne({ _id: 'm5:2025-05-01T10:05:00.000Z', kind: 'm5', t: at('2025-05-01T10:05:00Z'), active: -3 } as never);
    const reply = await history.read('24h', at('2025-05-01T10:30:00Z'));
    expect(reply.points.map((p) => p.active)).toEqual([7]);
    expect(entries.filter((e) => e.msg?.includes('skipped a stored bucket')).map((e) => e.id)).toEqual(['m5:2025-05-01T10:05:00.000Z']);
  });

  it('when the service restarts (new connection, new repository), then it reads the same history', async () => {
    const first = await connect();
    const before = await networkHistoryRepository(first, KEEP);
    await before.record(snapshotOf({ active: 255, standby: 412, community: 22, foundation: 233 }), 0.1172, at('2025-06-01T09:30:00Z'));
    await before.record(snapshotOf({ active: 254, standby: 412, community: 21, foundation: 233 }), 0.1171, at('2025-06-01T10:10:00Z'));
    await before.rollUp(at('2025-06-01T10:15:00Z'));
    const now = at('2025-06-01T10:20:00Z');
    const read = { day: await before.read('24h', now), week: await before.read('7d', now) };
    await first.close();
    const after = await networkHistoryRepository(await connect(), KEEP);
    expect({ day: await after.read('24h', now), week: await after.read('7d', now) }).toEqual(read);
    expect(read.day.points).toHaveLength(2);
    expect(read.week.points.map((p) => p.t)).toEqual(['2025-06-01T09:00:00.000Z', '2025-06-01T10:00:00.000Z']);
  });
});
