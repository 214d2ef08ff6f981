import { randomUUID } from 'node:crypto';
import { connectMongo, type Connection } from '@shm/platform/mongo';
import { TEST_MONGO_URL } from '@shm/platform/testing';
import { networkHistoryRepository } from '../src/data-access/network-history.repository';
import { dayPriceCache } from '../src/node-money/data-access/day-price.repository';
import { ownPriceHistory } from '../src/node-money/data-access/own-price-history';
import { at, snapshotOf } from './support/history-data';

const DB = `node_money_prices_test_${randomUUID().slice(0, 8)}`;
const connections: Connection[] = [];
const connect = async () => {
  const connection = await connectMongo(TEST_MONGO_URL, DB);
  connections.push(connection);
  return connection;
};

let main: Connection;
beforeAll(async () => {
  main = await connect();
});
afterAll(async () => {
  await main.dropDatabase();
  await Promise.all(connections.map((c) => c.close()));
});

describe('day price cache (real MongoDB wire server)', () => {
  it('when two replicas save the same day at once, then the first price stands, and each currency keeps its own days', async () => {
    const [a, b] = await Promise.all([dayPriceCache(await connect()), dayPriceCache(await connect())]);
    await a.save('usd', new Map([['2025-11-17', 0.117]]));
    await Promise.all([a.save('usd', new Map([['2025-11-17', 0.5], ['2025-11-18', 0.12]])), b.save('usd', new Map([['2025-11-18', 0.12], ['2025-11-19', 0.121]]))]);
    await b.save('eur', new Map([['2025-11-17', 0.101]]));

    expect(await b.get('usd', ['2025-11-16', '2025-11-17', '2025-11-18', '2025-11-19'])).toEqual(
      new Map([
        ['2025-11-17', 0.117],
        ['2025-11-18', 0.12],
        ['2025-11-19', 0.121],
      ]),
    );
    expect(await a.get('eur', ['2025-11-17', '2025-11-18'])).toEqual(new Map([['2025-11-17', 0.101]]));
    const ids = (await main.collection('price_days').find({}, { sort: { _id: 1 } }).toArray()).map((d) => String(d._id));
    expect(ids).toEqual(['eur:2025-11-17', 'usd:2025-11-17', 'usd:2025-11-18', 'usd:2025-11-19']);
  });
});

describe('own price history (real MongoDB wire server)', () => {
  it('when the history has 5-minute and hourly buckets, then each UTC day gives its latest bucket with a price', async () => {
    const history = await networkHistoryRepository(main, { rawRetentionHours: 24 * 400, hourlyRetentionDays: 400 });
    const snapshot = snapshotOf({ active: 100, standby: 10, community: 20 });
    // The 15th: two buckets, the later one's price is the day's.
    await history.record(snapshot, 0.11, at('2025-11-15T09:00:00Z'));
    await history.record(snapshot, 0.112, at('2025-11-15T23:55:10Z'));
    // The 16th: the last bucket had no price (feed down), so the one before it counts.
    await history.record(snapshot, 0.118, at('2025-11-16T20:00:00Z'));
    await history.record(snapshot, null, at('2025-11-16T22:00:00Z'));
    // The 17th: only a null; the 18th: outside the span asked.
    await history.record(snapshot, null, at('2025-11-17T10:00:00Z'));
    await history.record(snapshot, 0.2, at('2025-11-18T00:00:00Z'));
    // Hourly rollups of the complete hours (an hourly bucket starts at the hour, before the 5-minute ones in it).
    await history.rollUp(at('2025-11-16T00:30:00Z'));

    const prices = await ownPriceHistory(main).lastPricePerDay('2025-11-14', '2025-11-17');
    expect(prices).toEqual(
      new Map([
        ['2025-11-15', 0.112],
        ['2025-11-16', 0.118],
      ]),
    );
  });
});
