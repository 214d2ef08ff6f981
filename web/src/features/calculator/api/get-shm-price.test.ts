import { getShmPrice } from './get-shm-price';
import { mockFetch } from '../../../testing/mock-fetch';

/** A reply as the network service sends it (its contract's shape). */
const reply = (fields: Record<string, unknown>) => ({ status: 200, body: { lastUpdated: '2025-01-01T00:00:00.000Z', marketCap: 1, volume24h: 2, ...fields } });

describe('getShmPrice', () => {
  afterEach(() => jest.restoreAllMocks());

  it('when the price endpoint answers, then the price is rounded to 4 decimals', async () => {
    mockFetch(reply({ price: 0.123456 }));
    await expect(getShmPrice()).resolves.toMatchObject({ price: 0.1235 });
  });

  it('when the endpoint is not OK, then the error reads "Failed to fetch SHM price"', async () => {
    mockFetch({ status: 502, statusText: 'Bad Gateway', text: '' });
    await expect(getShmPrice()).rejects.toThrow('Failed to fetch SHM price');
  });

  it('when the reply has no price, then the error reads "Failed to fetch SHM price"', async () => {
    mockFetch({ status: 200, body: { nope: true } });
    await expect(getShmPrice()).rejects.toThrow('Failed to fetch SHM price');
  });

  it('when the reply has prices per currency, then they come along unrounded', async () => {
    mockFetch(reply({ price: 0.1172, prices: { usd: 0.1172, eur: 0.100792 } }));
    await expect(getShmPrice()).resolves.toMatchObject({ price: 0.1172, prices: { usd: 0.1172, eur: 0.100792 } });
  });

  it('when the prices are not what the contract allows, then the error reads "Failed to fetch SHM price"', async () => {
    mockFetch(reply({ price: 0.1172, prices: { eur: 'cheap' } }));
    await expect(getShmPrice()).rejects.toThrow('Failed to fetch SHM price');
  });
});
