import { createLogger } from '@shm/platform';
import { pollPrice } from './poll-price';
import type { PriceStore, StoredPrice } from './ports';

const logger = createLogger('test', 'silent');
const quote = { price: 0.11724, lastUpdated: '2025-11-21T12:00:00.000Z', marketCap: 1, volume24h: 2 };

function memory(): PriceStore & { saved: StoredPrice[]; staleMarks: number } {
  const saved: StoredPrice[] = [];
  const store = {
    saved,
    staleMarks: 0,
    get: async () => saved.at(-1) ?? null,
    save: async (price: StoredPrice) => void saved.push(price),
    markStale: async () => void store.staleMarks++,
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
    const feed = { latest: () => Promise.reject(new Error('HTTP 429')) };
    await pollPrice({ feed, prices, logger, outcomes: { record: (s, ok) => void reported.push([s, ok]) } });
    expect(prices.staleMarks).toBe(1);
    expect(reported).toEqual([['price', false]]);
  });
});
