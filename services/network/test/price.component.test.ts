import type { ShmPriceReply } from '@shm/contracts';
import { errorOf } from '@shm/platform/testing';
import { startArchiverAndPriceStandIn, type StandIn } from '../../../infra/stand-ins/archiver-and-price';
import { closedUrl, startNetwork, type NetworkUnderTest } from './support/network-under-test';

jest.setTimeout(30_000);

describe('GET /api/shm-price (real Redis, stand-in price feed)', () => {
  let feed: StandIn;
  let n: NetworkUnderTest;
  beforeEach(async () => {
    feed = await startArchiverAndPriceStandIn();
    n = await startNetwork({ ARCHIVER_URLS: await closedUrl(), PRICE_API_URL: `${feed.url}/api/v3/simple/price` });
  });
  afterEach(async () => {
    await n.stop();
    await feed.close();
  });

  it('when the feed answers, then the price is served rounded to 4 decimals with market cap, volume and time', async () => {
    feed.configure({ price: { usd: 0.123456, marketCap: 30_000_000, volume24h: 1_500_000 } });

    await n.service.pollPriceNow();
    const res = await n.get<ShmPriceReply>('/api/shm-price');

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ price: 0.1235, marketCap: 30_000_000, volume24h: 1_500_000, lastUpdated: expect.any(String) as unknown });
    expect(Date.now() - Date.parse(res.body.lastUpdated)).toBeLessThan(120_000);
  });

  it('when the feed answers USD, EUR, GBP and INR, then prices carries each as the feed gave it (not rounded)', async () => {
    feed.configure({ price: { usd: 0.123456, perUsd: { eur: 0.86, gbp: 0.76, inr: 88.5 } } });

    await n.service.pollPriceNow();
    const res = await n.get<ShmPriceReply>('/api/shm-price');

    // 0.123456 × 0.86, × 0.76, × 88.5; only what was asked for (vs_currencies) comes back.
    expect(res.body.prices).toEqual({ usd: 0.123456, eur: 0.10617216, gbp: 0.09382656, inr: 10.925856 });
    expect(res.body.price).toBe(0.1235);
  });

  it('when the feed answers USD only, then prices has usd alone and the price is served as before', async () => {
    feed.configure({ price: { usd: 0.2, perUsd: {} } });

    await n.service.pollPriceNow();
    const res = await n.get<ShmPriceReply>('/api/shm-price');

    expect(res.status).toBe(200);
    expect(res.body.prices).toEqual({ usd: 0.2 });
  });

  it('when no price was ever fetched, then it answers 503 with "Failed to fetch SHM price"', async () => {
    feed.configure({ mode: 'down' });
    await n.service.pollPriceNow();

    const res = await n.get<ShmPriceReply>('/api/shm-price');

    expect(res.status).toBe(503);
    expect(errorOf(res).message).toBe('Failed to fetch SHM price');
  });

  it.each(['down', 'malformed', 'oversized', 'redirect'] as const)(
    'when the feed turns %s after a success, then the last price is served with stale: true',
    async (mode) => {
      await n.service.pollPriceNow();
      feed.configure({ mode, price: { usd: 9 } });

      await n.service.pollPriceNow();
      const res = await n.get<ShmPriceReply>('/api/shm-price');

      expect(res.body).toMatchObject({ price: 0.1172, stale: true });
    },
  );

  it('when the feed recovers, then the new price is served without the stale flag', async () => {
    await n.service.pollPriceNow();
    feed.configure({ mode: 'down' });
    await n.service.pollPriceNow();
    feed.configure({ mode: 'healthy', price: { usd: 0.2 } });

    await n.service.pollPriceNow();
    const res = await n.get<ShmPriceReply>('/api/shm-price');

    expect(res.body.price).toBe(0.2);
    expect(res.body.stale).toBeUndefined();
  });
});
