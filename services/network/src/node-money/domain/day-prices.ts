import type { DayPrice, PriceCurrency } from '@shm/contracts';
import { RateLimitedError } from '../../domain/rate-limited-error';
import type { DayPriceCache, DayPriceSource, OwnPriceHistory, PriceHistoryFeed } from '../ports';

const DAY_MS = 86_400_000;
/** A rate limit that names no wait pauses the price API this long. */
const RATE_LIMIT_PAUSE_MS = 60_000;
/** Days a failed call (not a 429) asked for are not asked for again this long. */
const FAILURE_TTL_MS = 5 * 60_000;
/**
 * CoinGecko's public and Demo plans refuse (401, error 10012) any range starting more than 365 days
 * back, so days older than that are asked for in a call of their own: it cannot sink the recent ones.
 */
const PLAN_REACH_MS = 365 * DAY_MS;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

export interface DayPriceDeps {
  /** The product's own USD history. */
  own: OwnPriceHistory;
  /** The price API's history (CoinGecko market_chart/range). */
  feed: PriceHistoryFeed;
  /** Past days already fetched from the price API. */
  cache: DayPriceCache;
  now: () => number;
  /** A day the price API had no point for is not asked for again this long (days before the coin's listing); 1 h unless set. */
  missTtlMs?: number;
}

/** Never throws: a source that fails is a source with no prices (prices are an addition to the ledger, not its substance). */
const orNothing = async <T>(read: () => Promise<Map<string, T>>): Promise<Map<string, T>> => {
  try {
    return await read();
  } catch {
    return new Map();
  }
};

/** The last point within each UTC day of `days` (the points in any order). */
function lastPerDay(points: [number, number][], days: Set<string>): Map<string, number> {
  const latest = new Map<string, [number, number]>();
  for (const [at, price] of points) {
    const day = utcDay(at);
    if (!days.has(day)) continue;
    const seen = latest.get(day);
    if (!seen || at >= seen[0]) latest.set(day, [at, price]);
  }
  return new Map([...latest].map(([day, [, price]]) => [day, price]));
}

/**
 * Day prices for the ledger and the income export. USD: the product's own history first. Any day still
 * without a price, and every day in another currency, from the cache of the price API's history; days
 * not cached from one `range` call spanning them (two when some are over a year old), each day's last
 * point kept and saved. Only days before
 * today go to the price API (today's price is not final until the day ends): today in USD is the own
 * history's or none, and in another currency none. A day no source has is `{ price: null, source: 'none' }`.
 * The price API is spared: a day it had no point for is not asked for again within `missTtlMs`, nor a
 * day of a failed call within 5 minutes, and after a 429 it is not called until the wait it asked for.
 */
export function dayPrices(deps: DayPriceDeps): DayPriceSource {
  const missTtlMs = deps.missTtlMs ?? 3_600_000;
  /** `<currency>:<day>` → until when the price API is not asked for it again. */
  const misses = new Map<string, number>();
  /** After a 429 the price API is left alone until then (its Retry-After when it gave one). */
  let pausedUntil = 0;

  /** One range call over the missing days (oldest first); an empty map when it failed. */
  const fetchRange = async (currency: PriceCurrency, missing: string[], now: number): Promise<Map<string, number>> => {
    const [first, last] = [missing[0], missing.at(-1)];
    if (first === undefined || last === undefined || now < pausedUntil) return new Map();
    try {
      const fetched = lastPerDay(await deps.feed.range(currency, dayStart(first), dayStart(last) + DAY_MS - 1), new Set(missing));
      for (const day of missing) if (!fetched.has(day)) misses.set(`${currency}:${day}`, now + missTtlMs);
      return fetched;
    } catch (err) {
      if (err instanceof RateLimitedError) pausedUntil = now + (err.retryAfterMs ?? RATE_LIMIT_PAUSE_MS);
      else for (const day of missing) misses.set(`${currency}:${day}`, now + FAILURE_TTL_MS);
      return new Map();
    }
  };

  return {
    async prices(days, currency: PriceCurrency) {
      const asked = [...new Set(days)].sort();
      const answer = new Map<string, DayPrice>();
      const put = (day: string, price: number | null, source: DayPrice['source']) => answer.set(day, { day, price, source });
      const wanted = asked.filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(dayStart(day)));
      const first = wanted[0];
      const last = wanted.at(-1);

      if (currency === 'usd' && first !== undefined && last !== undefined) {
        const own = await orNothing(() => deps.own.lastPricePerDay(first, last));
        for (const day of wanted) {
          const price = own.get(day);
          if (price !== undefined) put(day, price, 'history');
        }
      }
      const now = deps.now();
      const today = utcDay(now);
      const past = wanted.filter((day) => !answer.has(day) && day < today);

      const cached = past.length > 0 ? await orNothing(() => deps.cache.get(currency, past)) : new Map<string, number>();
      for (const [day, price] of cached) if (past.includes(day)) put(day, price, 'price-api');

      const missing = past.filter((day) => !answer.has(day) && (misses.get(`${currency}:${day}`) ?? 0) <= now);
      const reach = now - PLAN_REACH_MS;
      const fetched = new Map<string, number>();
      for (const part of [missing.filter((day) => dayStart(day) < reach), missing.filter((day) => dayStart(day) >= reach)]) {
        for (const [day, price] of await fetchRange(currency, part, now)) fetched.set(day, price);
      }
      if (fetched.size > 0) {
        for (const [day, price] of fetched) put(day, price, 'price-api');
        await deps.cache.save(currency, fetched).catch(() => undefined);
      }

      return new Map(asked.map((day) => [day, answer.get(day) ?? { day, price: null, source: 'none' }]));
    },
  };
}
