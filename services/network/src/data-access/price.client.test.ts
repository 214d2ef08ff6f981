import { RateLimitedError } from '../domain/rate-limited-error';
import { stubServer, type SeenRequest, type StubReply } from './fixtures/stub-server';
import { priceClient, retryAfterMs } from './price.client';

const limits = { timeoutMs: 2000, maxBytes: 100_000 };
let reply: (request: SeenRequest) => StubReply;
let server: Awaited<ReturnType<typeof stubServer>>;
beforeAll(async () => {
  server = await stubServer((request) => reply(request));
});
afterAll(() => server.close());

const priceUrl = () => `${server.url}/api/v3/simple/price`;
const quote = { usd: 0.1172, usd_market_cap: 1_000_000, usd_24h_vol: 50_000, last_updated_at: 1_763_000_000, eur: 0.1008 };

describe('priceClient', () => {
  it('when a coin id and a pro key are configured, then the key goes in the pro header and the reply is read under the coin id', async () => {
    reply = () => ({ body: JSON.stringify({ 'shardeum-test': quote }) });
    const feed = priceClient(priceUrl(), limits, { coinId: 'shardeum-test', apiKey: 'k-123', apiKeyHeader: 'x-cg-pro-api-key' });
    await expect(feed.latest()).resolves.toEqual({
      price: 0.1172,
      lastUpdated: '2025-11-13T02:13:20.000Z',
      marketCap: 1_000_000,
      volume24h: 50_000,
      prices: { usd: 0.1172, eur: 0.1008 },
    });
    const request = server.seen.at(-1);
    if (!request) throw new Error('the price API was not called');
    expect(request.headers['x-cg-pro-api-key']).toBe('k-123');
    expect(new URL(request.url, server.url).searchParams.get('ids')).toBe('shardeum-test');
    // The key travels only in the header: a URL ends up in logs.
    expect(request.url).not.toContain('k-123');
  });

  it('when no key is configured, then no key header is sent and the default coin is shardeum', async () => {
    reply = () => ({ body: JSON.stringify({ shardeum: quote }) });
    await priceClient(priceUrl(), limits).latest();
    const request = server.seen.at(-1);
    if (!request) throw new Error('the price API was not called');
    expect(request.headers['x-cg-demo-api-key']).toBeUndefined();
    expect(new URL(request.url, server.url).searchParams.get('ids')).toBe('shardeum');
  });

  it('when the reply is keyed by another coin, then it is refused', async () => {
    reply = () => ({ body: JSON.stringify({ bitcoin: quote }) });
    await expect(priceClient(priceUrl(), limits).latest()).rejects.toThrow(/price: unexpected reply \(shardeum/);
  });

  it('when the feed answers 429 with Retry-After seconds, then a RateLimitedError carries the wait', async () => {
    reply = () => ({ status: 429, headers: { 'retry-after': '120' }, body: '{"status":{"error_code":429}}' });
    const err = await priceClient(priceUrl(), limits).latest().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterMs).toBe(120_000);
  });

  it('when the feed answers 429 without Retry-After, then the wait is unknown', async () => {
    reply = () => ({ status: 429, body: '{}' });
    const err = await priceClient(priceUrl(), limits).latest().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterMs).toBeUndefined();
  });

  it('when the feed answers 503, then it is a plain failure, not a rate limit', async () => {
    reply = () => ({ status: 503, body: '{}' });
    const err = await priceClient(priceUrl(), limits).latest().catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(RateLimitedError);
    expect((err as Error).message).toMatch(/HTTP 503/);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('when it is an HTTP date, then the wait is the time until it', () => {
    expect(retryAfterMs('Thu, 01 Jan 2026 00:01:30 GMT', now)).toBe(90_000);
  });
  it('when it is in the past, then there is no wait; when it is garbage, then it says nothing', () => {
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
  it('when it asks for more than a day, then a day is taken', () => {
    expect(retryAfterMs('999999999', now)).toBe(86_400_000);
  });
});
