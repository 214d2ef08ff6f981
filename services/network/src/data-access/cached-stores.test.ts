import type { NetworkData } from '@shm/contracts';
import type { StoredPrice } from '../domain/ports';
import { cachedPrices, cachedSnapshots } from './cached-stores';

const snapshot = (totalNodes: number): NetworkData => ({
  totalNodes,
  activeSlots: 1,
  standbyNodes: 1,
  communityNodes: 2,
  source: 'archiver_live_data',
  isEstimate: false,
  lastUpdated: '2025-11-21T12:00:00.000Z',
});

function store(initial: NetworkData | null) {
  let value = initial;
  const calls = { get: 0 };
  return {
    calls,
    set: (v: NetworkData | null) => void (value = v),
    get: async () => {
      calls.get += 1;
      return value;
    },
    save: async (v: NetworkData) => void (value = v),
  };
}

describe('cachedSnapshots', () => {
  it('when read twice within the ttl, then the store is read once', async () => {
    let t = 0;
    const inner = store(snapshot(1));
    const cached = cachedSnapshots(inner, 1000, () => t);
    await cached.get();
    t = 999;
    inner.set(snapshot(2));
    expect((await cached.get())?.totalNodes).toBe(1);
    expect(inner.calls.get).toBe(1);
    t = 1001;
    expect((await cached.get())?.totalNodes).toBe(2);
  });

  it('when there is no snapshot yet, then the miss is not cached', async () => {
    const inner = store(null);
    const cached = cachedSnapshots(inner, 1000, () => 0);
    expect(await cached.get()).toBeNull();
    inner.set(snapshot(3));
    expect((await cached.get())?.totalNodes).toBe(3);
  });

  it('when a snapshot is saved through the cache, then it is served at once', async () => {
    const cached = cachedSnapshots(store(snapshot(1)), 1000, () => 0);
    await cached.get();
    await cached.save(snapshot(4));
    expect((await cached.get())?.totalNodes).toBe(4);
  });

  it('when many reads miss at once, then they share one store read', async () => {
    const inner = store(snapshot(1));
    const cached = cachedSnapshots(inner, 1000, () => 0);
    await Promise.all(Array.from({ length: 20 }, () => cached.get()));
    expect(inner.calls.get).toBe(1);
  });
});

describe('cachedPrices', () => {
  const price = (usd: number): StoredPrice => ({
    quote: { price: usd, lastUpdated: '2025-11-21T12:00:00.000Z', marketCap: null, volume24h: null },
    fetchedAt: 0,
    stale: false,
  });

  function priceStore(initial: StoredPrice | null) {
    let value = initial;
    const calls = { get: 0 };
    return {
      calls,
      get: async () => {
        calls.get += 1;
        return value;
      },
      save: async (v: StoredPrice) => void (value = v),
      markStale: async () => void (value = value && { ...value, stale: true }),
    };
  }

  it('when read twice within the ttl, then the store is read once', async () => {
    const inner = priceStore(price(0.12));
    const cached = cachedPrices(inner, 1000, () => 0);
    await cached.get();
    expect((await cached.get())?.quote.price).toBe(0.12);
    expect(inner.calls.get).toBe(1);
  });

  it('when the price is marked stale, then the next read sees it stale at once', async () => {
    const cached = cachedPrices(priceStore(price(0.12)), 1000, () => 0);
    await cached.get();
    await cached.markStale();
    expect((await cached.get())?.stale).toBe(true);
  });

  it('when a price is saved through the cache, then it is served at once', async () => {
    const cached = cachedPrices(priceStore(price(0.12)), 1000, () => 0);
    await cached.get();
    await cached.save(price(0.2));
    expect((await cached.get())?.quote.price).toBe(0.2);
  });
});
