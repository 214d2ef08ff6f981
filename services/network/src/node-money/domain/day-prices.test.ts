import type { PriceCurrency } from '@shm/contracts';
import { RateLimitedError } from '../../domain/rate-limited-error';
import type { DayPriceCache, OwnPriceHistory, PriceHistoryFeed } from '../ports';
import { dayPrices } from './day-prices';

const at = (iso: string) => Date.parse(iso);
const NOW = () => at('2025-11-20T12:00:00Z');

function ownOf(prices: Record<string, number>, fails = false) {
  const asked: [string, string][] = [];
  const own: OwnPriceHistory = {
    lastPricePerDay(fromDay, toDay) {
      asked.push([fromDay, toDay]);
      return fails ? Promise.reject(new Error('mongo down')) : Promise.resolve(new Map(Object.entries(prices)));
    },
  };
  return { own, asked };
}

/** A cache kept in memory, as the MongoDB one behaves (first save of a day stands). */
function memoryCache(initial: Record<string, number> = {}) {
  const stored = new Map<string, number>(Object.entries(initial));
  const saves: [PriceCurrency, Map<string, number>][] = [];
  const cache: DayPriceCache = {
    get(currency, days) {
      return Promise.resolve(new Map(days.flatMap((day): [string, number][] => (stored.has(`${currency}:${day}`) ? [[day, stored.get(`${currency}:${day}`) as number]] : []))));
    },
    save(currency, prices) {
      saves.push([currency, new Map(prices)]);
      for (const [day, price] of prices) if (!stored.has(`${currency}:${day}`)) stored.set(`${currency}:${day}`, price);
      return Promise.resolve();
    },
  };
  return { cache, saves };
}

function feedOf(points: [number, number][] | Error) {
  const calls: [PriceCurrency, number, number][] = [];
  const feed: PriceHistoryFeed = {
    range(currency, fromMs, toMs) {
      calls.push([currency, fromMs, toMs]);
      return points instanceof Error ? Promise.reject(points) : Promise.resolve(points);
    },
  };
  return { feed, calls };
}

describe('dayPrices', () => {
  it('when USD days are asked, then own history comes first, then the cache, then one feed call for the past days left, each day its last point; a day nobody has is none', async () => {
    const { own } = ownOf({ '2025-11-16': 0.1181, '2025-11-20': 0.125 });
    const { cache, saves } = memoryCache({ 'usd:2025-11-15': 0.11 });
    const { feed, calls } = feedOf([
      [at('2025-11-16T23:00:00Z'), 0.5], // own history has the 16th: not used
      [at('2025-11-17T00:00:00Z'), 0.115],
      [at('2025-11-17T23:00:00Z'), 0.117], // the 17th's last point
      [at('2025-11-17T12:00:00Z'), 0.116], // out of order: still not the last
      [at('2025-11-19T00:00:00Z'), 0.2], // the 19th was not asked
    ]);
    const prices = await dayPrices({ own, feed, cache, now: NOW }).prices(['2025-11-18', '2025-11-15', '2025-11-16', '2025-11-17', '2025-11-20', '2025-11-21', '2025-11-17'], 'usd');

    expect([...prices.values()]).toEqual([
      { day: '2025-11-15', price: 0.11, source: 'price-api' },
      { day: '2025-11-16', price: 0.1181, source: 'history' },
      { day: '2025-11-17', price: 0.117, source: 'price-api' },
      { day: '2025-11-18', price: null, source: 'none' },
      { day: '2025-11-20', price: 0.125, source: 'history' },
      { day: '2025-11-21', price: null, source: 'none' },
    ]);
    // One call, from the 17th's start to the 18th's last millisecond (the 20th is today, the 21st tomorrow).
    expect(calls).toEqual([['usd', at('2025-11-17T00:00:00Z'), at('2025-11-19T00:00:00Z') - 1]]);
    expect(saves).toEqual([['usd', new Map([['2025-11-17', 0.117]])]]);
  });

  it('when the same days are asked a second time, then the feed is not called again and the prices are the same', async () => {
    const { own } = ownOf({});
    const { cache } = memoryCache();
    const { feed, calls } = feedOf([
      [at('2025-11-17T08:00:00Z'), 0.117],
      [at('2025-11-18T08:00:00Z'), 0.12],
    ]);
    const source = dayPrices({ own, feed, cache, now: NOW });
    const firstAsk = await source.prices(['2025-11-17', '2025-11-18'], 'usd');
    const secondAsk = await source.prices(['2025-11-17', '2025-11-18'], 'usd');
    expect(calls).toHaveLength(1);
    expect(secondAsk).toEqual(firstAsk);
    expect(secondAsk.get('2025-11-18')).toEqual({ day: '2025-11-18', price: 0.12, source: 'price-api' });
  });

  it('when another currency is asked, then own history (USD) is not read, and today has no price', async () => {
    const { own, asked } = ownOf({ '2025-11-19': 0.12, '2025-11-20': 0.125 });
    const { cache } = memoryCache();
    const { feed, calls } = feedOf([[at('2025-11-19T10:00:00Z'), 0.104]]);
    const prices = await dayPrices({ own, feed, cache, now: NOW }).prices(['2025-11-19', '2025-11-20'], 'eur');
    expect([...prices.values()]).toEqual([
      { day: '2025-11-19', price: 0.104, source: 'price-api' },
      { day: '2025-11-20', price: null, source: 'none' },
    ]);
    expect(asked).toEqual([]);
    expect(calls).toEqual([['eur', at('2025-11-19T00:00:00Z'), at('2025-11-20T00:00:00Z') - 1]]);
  });

  it('when the feed is rate limited and own history cannot be read, then those days have no price and nothing throws', async () => {
    const { own } = ownOf({}, true);
    const { cache, saves } = memoryCache({ 'usd:2025-11-10': 0.09 });
    const { feed } = feedOf(new RateLimitedError('HTTP 429', 60_000));
    const prices = await dayPrices({ own, feed, cache, now: NOW }).prices(['2025-11-10', '2025-11-11'], 'usd');
    expect([...prices.values()]).toEqual([
      { day: '2025-11-10', price: 0.09, source: 'price-api' },
      { day: '2025-11-11', price: null, source: 'none' },
    ]);
    expect(saves).toEqual([]);
  });

  it('when the price API has no point for a day, then it is not asked for that day again within the hour, and is after', async () => {
    const { own } = ownOf({});
    const { cache } = memoryCache();
    const { feed, calls } = feedOf([]);
    let clock = NOW();
    const source = dayPrices({ own, feed, cache, now: () => clock });
    await source.prices(['2020-01-01'], 'usd');
    clock += 59 * 60_000;
    expect((await source.prices(['2020-01-01'], 'usd')).get('2020-01-01')).toEqual({ day: '2020-01-01', price: null, source: 'none' });
    expect(calls).toHaveLength(1);
    clock += 2 * 60_000;
    await source.prices(['2020-01-01'], 'usd');
    expect(calls).toHaveLength(2);
  });

  it('when the price API answered 429 asking for a wait, then it is not called again until the wait has passed', async () => {
    const { own } = ownOf({});
    const { cache } = memoryCache();
    const { feed, calls } = feedOf(new RateLimitedError('HTTP 429', 120_000));
    let clock = NOW();
    const source = dayPrices({ own, feed, cache, now: () => clock });
    await source.prices(['2025-11-11'], 'usd');
    clock += 119_000;
    await source.prices(['2025-11-11'], 'usd');
    expect(calls).toHaveLength(1);
    clock += 1_000;
    await source.prices(['2025-11-11'], 'usd');
    expect(calls).toHaveLength(2);
  });

  it('when some days are over a year old and the plan refuses them (401), then the recent days still get their prices, and the refused ones are not asked again for 5 minutes', async () => {
    const { own } = ownOf({});
    const { cache } = memoryCache();
    const calls: number[] = [];
    const yearAgo = NOW() - 365 * 86_400_000;
    const feed: PriceHistoryFeed = {
      range(_currency, fromMs) {
        calls.push(fromMs);
        if (fromMs < yearAgo) return Promise.reject(new Error('/api/v3/coins/shardeum/market_chart/range: HTTP 401'));
        return Promise.resolve([[at('2025-11-17T10:00:00Z'), 0.117]]);
      },
    };
    let clock = NOW();
    const source = dayPrices({ own, feed, cache, now: () => clock });
    const prices = await source.prices(['2024-06-01', '2025-11-17'], 'usd');
    expect([...prices.values()]).toEqual([
      { day: '2024-06-01', price: null, source: 'none' },
      { day: '2025-11-17', price: 0.117, source: 'price-api' },
    ]);
    // Two calls: the old day alone, then the recent one.
    expect(calls).toEqual([at('2024-06-01T00:00:00Z'), at('2025-11-17T00:00:00Z')]);
    clock += 4 * 60_000;
    await source.prices(['2024-06-01', '2025-11-17'], 'usd');
    expect(calls).toHaveLength(2);
    clock += 2 * 60_000;
    await source.prices(['2024-06-01', '2025-11-17'], 'usd');
    expect(calls).toHaveLength(3);
  });

  it('when every day has a price in own history or the cache, or nothing is asked, then the feed is not called', async () => {
    const { own } = ownOf({ '2025-11-12': 0.1 });
    const { cache } = memoryCache({ 'usd:2025-11-13': 0.101 });
    const { feed, calls } = feedOf([]);
    const source = dayPrices({ own, feed, cache, now: NOW });
    expect([...(await source.prices(['2025-11-12', '2025-11-13'], 'usd')).values()].map((p) => p.source)).toEqual(['history', 'price-api']);
    expect(await source.prices([], 'usd')).toEqual(new Map());
    expect(calls).toEqual([]);
  });
});
