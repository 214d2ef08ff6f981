import { createLogger } from '@shm/platform';
import { pollPrice, priceBackoff } from './poll-price';
import type { PriceFeedPort, PriceStore, StoredPrice } from './ports';
import { RateLimitedError } from './rate-limited-error';

const logger = createLogger('test', 'silent');
const quote = { price: 0.11724, lastUpdated: '2025-11-21T12:00:00.000Z', marketCap: 1, volume24h: 2 };

function memory(): PriceStore & { saved: StoredPrice[]; staleMarks: number } {
  const saved: StoredPrice[] = [];
  const store = {
    saved,
    staleMarks: 0,
    get: async () => saved.at(-1) ?? null,
    save: async (price: StoredPrice) => void saved.push(price),
    markStale: async () => {
      store.staleMarks++;
    },
  };
  return store;
}

describe('pollPrice', () => {
  it('when the feed answers, then the price is stored rounded to 4 decimals and the source counts as ok', async () => {
    const prices = memory();
    const reported: [string, boolean][] = [];
    await pollPrice({ feed: { latest: async () => quote }, prices, logger, now: () => 5000, outcomes: { record: (s, ok) => void reported.push([s, ok]) } });
    expect(prices.saved).toEqual([{ quote: { ...quote, price: 0.1172 }, fetchedAt: 5000, stale: false }]);
    expect(reported).toEqual([['price', true]]);
  });

  it('when the feed fails, then the stored price is marked stale and the source counts as failed', async () => {
    const prices = memory();
    const reported: [string, boolean][] = [];
    const feed = { latest: () => Promise.reject(new Error('HTTP 500')) };
    await pollPrice({ feed, prices, logger, outcomes: { record: (s, ok) => void reported.push([s, ok]) } });
    expect(prices.staleMarks).toBe(1);
    expect(reported).toEqual([['price', false]]);
  });
});

/** Polls every 60 s on a fake clock; returns the poll times at which the feed was really called. */
async function run(feed: PriceFeedPort & { calls: number[] }, polls: number, clock: { t: number }) {
  const backoff = priceBackoff(60_000);
  const reported: boolean[] = [];
  const prices = memory();
  for (let i = 0; i < polls; i++) {
    await pollPrice({ feed, prices, logger, now: () => clock.t, backoff, outcomes: { record: (_s, ok) => void reported.push(ok) } });
    clock.t += 60_000;
  }
  return { reported, prices };
}

function feedOf(answers: (() => Promise<typeof quote>)[], clock: { t: number }) {
  const calls: number[] = [];
  return {
    calls,
    latest: () => {
      calls.push(clock.t);
      const next = answers.shift() ?? (() => Promise.resolve(quote));
      return next();
    },
  };
}
const limited = (ms?: number) => () => Promise.reject(new RateLimitedError('HTTP 429', ms));

describe('pollPrice after a 429', () => {
  it('when the feed says Retry-After 150 s, then the polls within it are skipped and the next one calls', async () => {
    const clock = { t: 0 };
    const feed = feedOf([limited(150_000)], clock);
    const { reported, prices } = await run(feed, 5, clock);
    // By hand: 429 at 0 → wait until 150 000; polls at 60 000 and 120 000 skipped, 180 000 calls, 240 000 calls.
    expect(feed.calls).toEqual([0, 180_000, 240_000]);
    expect(reported).toEqual([false, true, true]);
    expect(prices.staleMarks).toBe(1);
  });

  it('when 429s come without Retry-After, then the waits double (1, 2, 4 … intervals) and stop at 16', async () => {
    const clock = { t: 0 };
    const feed = feedOf(Array.from({ length: 7 }, () => limited()), clock);
    await run(feed, 64, clock);
    // By hand, in poll numbers (×60 s): 429s at 0, 1 (+1), 3 (+2), 7 (+4), 15 (+8), 31 (+16), 47 (+16, capped); then the
    // 8th call at 63 (+16) answers.
    expect(feed.calls.map((t) => t / 60_000)).toEqual([0, 1, 3, 7, 15, 31, 47, 63]);
  });

  it('when the feed answers again, then the backoff starts over at one interval', async () => {
    const clock = { t: 0 };
    const feed = feedOf([limited(), limited(), () => Promise.resolve(quote), limited(), () => Promise.resolve(quote)], clock);
    await run(feed, 6, clock);
    // By hand: 429 at 0 (+1) → 429 at 1 (+2) → ok at 3 → 429 at 4 (+1, not +4) → ok at 5.
    expect(feed.calls.map((t) => t / 60_000)).toEqual([0, 1, 3, 4, 5]);
  });

  it('when a poll comes a little early after a one-interval wait, then it still calls', async () => {
    const backoff = priceBackoff(60_000);
    backoff.rateLimited(new RateLimitedError('HTTP 429'), 0);
    expect(backoff.skips(59_000)).toBe(false);
    expect(backoff.skips(30_000)).toBe(true);
  });
});
