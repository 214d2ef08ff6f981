import { stubServer, type SeenRequest, type StubReply } from '../../data-access/fixtures/stub-server';
import { RateLimitedError } from '../../domain/rate-limited-error';
import { priceHistoryBaseUrl, priceHistoryClient } from './price-history.client';

const limits = { timeoutMs: 2000, maxBytes: 100_000 };
let reply: (request: SeenRequest) => StubReply;
let server: Awaited<ReturnType<typeof stubServer>>;
beforeAll(async () => {
  server = await stubServer((request) => reply(request));
});
afterAll(() => server.close());

// CoinGecko's real shape: prices, market_caps and total_volumes, each [unix ms, value].
const rangeReply = {
  prices: [
    [1_763_337_600_000, 0.1172],
    [1_763_341_200_000, null],
    [1_763_424_000_000, 0.1203],
  ],
  market_caps: [[1_763_337_600_000, 300_000_000]],
  total_volumes: [[1_763_337_600_000, 5_000_000]],
};

describe('priceHistoryBaseUrl', () => {
  it('when it is the simple-price endpoint, then the API base is what is left; any other URL is the base itself', () => {
    expect(priceHistoryBaseUrl('https://api.coingecko.com/api/v3/simple/price')).toBe('https://api.coingecko.com/api/v3');
    expect(priceHistoryBaseUrl('https://pro-api.coingecko.com/api/v3/simple/price/')).toBe('https://pro-api.coingecko.com/api/v3');
    expect(priceHistoryBaseUrl('http://127.0.0.1:4200/api/v3')).toBe('http://127.0.0.1:4200/api/v3');
  });
});

describe('priceHistoryClient', () => {
  it('when a range is asked, then the coin, currency and whole seconds are sent, the key in its header, and the points without a price are left out', async () => {
    reply = () => ({ body: JSON.stringify(rangeReply) });
    const feed = priceHistoryClient(`${server.url}/api/v3/simple/price`, limits, { coinId: 'shardeum', apiKey: 'k-9', apiKeyHeader: 'x-cg-pro-api-key' });
    await expect(feed.range('eur', 1_763_337_600_500, 1_763_424_000_100)).resolves.toEqual([
      [1_763_337_600_000, 0.1172],
      [1_763_424_000_000, 0.1203],
    ]);
    const request = server.seen.at(-1);
    if (!request) throw new Error('the price API was not called');
    // from rounds down and to rounds up, so the range asked covers the one wanted.
    expect(request.url).toBe('/api/v3/coins/shardeum/market_chart/range?vs_currency=eur&from=1763337600&to=1763424001');
    expect(request.headers['x-cg-pro-api-key']).toBe('k-9');
  });

  it('when the API answers 429 with Retry-After, then it is a RateLimitedError carrying the wait', async () => {
    reply = () => ({ status: 429, headers: { 'retry-after': '30' }, body: '{"status":{"error_code":429}}' });
    const err = await priceHistoryClient(`${server.url}/api/v3/simple/price`, limits).range('usd', 0, 86_400_000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterMs).toBe(30_000);
  });

  it('when the plan does not reach that far back (401 with its error body), then it is a plain failure', async () => {
    reply = () => ({ status: 401, body: '{"error":{"status":{"error_code":10012,"error_message":"Your request exceeds the allowed time range."}}}' });
    const err = await priceHistoryClient(`${server.url}/api/v3/simple/price`, limits).range('usd', 0, 86_400_000).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(RateLimitedError);
    expect((err as Error).message).toMatch(/HTTP 401/);
  });

  it('when the reply is not a price chart, then it is refused naming the field', async () => {
    reply = () => ({ body: JSON.stringify({ prices: [[1_763_337_600_000, 'cheap']] }) });
    await expect(priceHistoryClient(`${server.url}/api/v3/simple/price`, limits).range('usd', 0, 86_400_000)).rejects.toThrow(/price history: unexpected reply \(prices\.0\.1/);
  });
});
