import { z } from 'zod';
import { PRICE_CURRENCIES } from '@shm/contracts';
import type { PriceFeedPort } from '../domain/ports';
import { RateLimitedError } from '../domain/rate-limited-error';
import { fetchJson, UpstreamHttpError, type UpstreamLimits } from './upstream-http';
import { validateReply } from './validate-reply';

const amount = z.number().min(0).max(1e15);
const price = z.number().positive().max(1e12);

/**
 * CoinGecko `GET /simple/price` with market cap, 24 h volume and last-updated, keyed by the coin id.
 * USD is required (it is the calculator's currency); another currency the feed leaves out, or answers
 * with a value that is not a price, is left out of `prices` (the web then cannot show figures in it).
 */
const coinQuoteSchema = z
  .object({
    usd: price.max(1e9),
    usd_market_cap: amount.nullish(),
    usd_24h_vol: amount.nullish(),
    last_updated_at: z.number().int().positive().nullish(),
  })
  .catchall(z.unknown());

export interface PriceFeedOptions {
  /** CoinGecko coin id (config `PRICE_COIN_ID`). */
  coinId?: string;
  /** Optional API key (config `PRICE_API_KEY`), sent in `apiKeyHeader`, never in the URL (it would end up in logs). */
  apiKey?: string;
  /**
   * docs.coingecko.com "Authentication": the Demo plan takes `x-cg-demo-api-key` on
   * api.coingecko.com, paid plans `x-cg-pro-api-key` on pro-api.coingecko.com; headers are the
   * recommended method.
   */
  apiKeyHeader?: 'x-cg-demo-api-key' | 'x-cg-pro-api-key';
}

/** A `Retry-After` beyond this is treated as this: a bad header must not stop the price for days. */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/** `Retry-After` is delay-seconds or an HTTP date (RFC 9110 §10.2.3); anything else says nothing. */
export function retryAfterMs(header: string | undefined, nowMs: number): number | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  let ms: number;
  if (/^\d+$/.test(value)) ms = Number(value) * 1000;
  else {
    const at = Date.parse(value);
    if (Number.isNaN(at)) return undefined;
    ms = at - nowMs;
  }
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/**
 * One CoinGecko call: the API key in its header (never the URL: a URL ends up in logs), a 429 as a
 * RateLimitedError with its `Retry-After`. The live price and node money's price history both use it.
 */
export async function coinGeckoJson(url: URL, limits: UpstreamLimits, options: PriceFeedOptions, now: () => number): Promise<unknown> {
  const headers = options.apiKey ? { [options.apiKeyHeader ?? 'x-cg-demo-api-key']: options.apiKey } : {};
  try {
    return await fetchJson(url, limits, undefined, { headers });
  } catch (err) {
    if (err instanceof UpstreamHttpError && err.status === 429) throw new RateLimitedError(err.message, retryAfterMs(err.retryAfter, now()));
    throw err;
  }
}

/**
 * The SHM price feed, in USD and the other PRICE_CURRENCIES. CoinGecko's "Errors & Rate Limits"
 * page documents 429 as "rate limit exceeded, reduce call frequency" without promising a
 * `Retry-After`; it is honoured when sent, and the poller backs off on its own when not.
 */
export function priceClient(priceApiUrl: string, limits: UpstreamLimits, options: PriceFeedOptions = {}, now = () => Date.now()): PriceFeedPort {
  const coinId = options.coinId ?? 'shardeum';
  const schema = z.object({ [coinId]: coinQuoteSchema });
  return {
    async latest() {
      const url = new URL(priceApiUrl);
      const query = {
        ids: coinId,
        vs_currencies: PRICE_CURRENCIES.join(','),
        include_market_cap: 'true',
        include_24hr_vol: 'true',
        include_last_updated_at: 'true',
      };
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      const raw = await coinGeckoJson(url, limits, options, now);
      const quote = validateReply(schema, raw, 'price')[coinId] as z.infer<typeof coinQuoteSchema>;
      const updatedMs = quote.last_updated_at ? quote.last_updated_at * 1000 : now();
      const prices: Record<string, number> = {};
      for (const currency of PRICE_CURRENCIES) {
        const parsed = price.safeParse(quote[currency]);
        if (parsed.success) prices[currency] = parsed.data;
      }
      return {
        price: quote.usd,
        lastUpdated: new Date(updatedMs).toISOString(),
        marketCap: quote.usd_market_cap ?? null,
        volume24h: quote.usd_24h_vol ?? null,
        prices,
      };
    },
  };
}
