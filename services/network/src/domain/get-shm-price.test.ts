import type { PriceStore, StoredPrice } from './ports';
import { getShmPrice } from './get-shm-price';

const store = (price: StoredPrice | null): PriceStore => ({
  get: async () => price,
  save: async () => undefined,
  markStale: async () => undefined,
});
const quote = { price: 0.1172, lastUpdated: '2025-11-21T12:00:00.000Z', marketCap: 1, volume24h: 2 };

describe('getShmPrice', () => {
  it('when a fresh price is stored, then it is served without a stale flag', async () => {
    expect(await getShmPrice(store({ quote, fetchedAt: 1000, stale: false }), 60_000, 2000)).toEqual(quote);
  });

  it('when the latest fetch failed, then the last price is served with stale: true', async () => {
    expect(await getShmPrice(store({ quote, fetchedAt: 1000, stale: true }), 60_000, 2000)).toEqual({ ...quote, stale: true });
  });

  it('when no fetch succeeded for longer than the stale age, then the price is stale', async () => {
    expect((await getShmPrice(store({ quote, fetchedAt: 0, stale: false }), 60_000, 60_001)).stale).toBe(true);
  });

  it('when no price was ever fetched, then it fails with 503 and the spec message', async () => {
    await expect(getShmPrice(store(null), 60_000)).rejects.toMatchObject({ status: 503, message: 'Failed to fetch SHM price' });
  });
});
