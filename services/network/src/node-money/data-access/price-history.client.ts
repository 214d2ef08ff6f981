import { z } from 'zod';
import { coinGeckoJson, type PriceFeedOptions } from '../../data-access/price.client';
import { upstreamUrl, type UpstreamLimits } from '../../data-access/upstream-http';
import { validateReply } from '../../data-access/validate-reply';
import type { PriceHistoryFeed } from '../ports';

/**
 * The price API's base from the configured PRICE_API_URL, CoinGecko's simple-price endpoint:
 * `…/api/v3/simple/price` → `…/api/v3`. A URL not ending in /simple/price is taken as the base itself.
 */
export function priceHistoryBaseUrl(priceApiUrl: string): string {
  const url = new URL(priceApiUrl);
  url.pathname = url.pathname.replace(/\/simple\/price\/?$/, '').replace(/\/+$/, '');
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

/**
 * CoinGecko `GET /coins/{id}/market_chart/range` (docs.coingecko.com "Coin Historical Chart Data within
 * Time Range by ID"): `prices` is `[unix ms, price]`, 5-minutely for a day, hourly up to 90 days,
 * daily (00:00 UTC) beyond. A point whose price is null is left out. Market caps and volumes are not read.
 */
const RangeReplySchema = z.object({
  prices: z.array(z.tuple([z.number().nonnegative(), z.number().nonnegative().max(1e12).nullable()])).max(100_000),
});

/** The price API's history, in any PRICE_CURRENCIES; a 429 is a RateLimitedError as for the live price. */
export function priceHistoryClient(priceApiUrl: string, limits: UpstreamLimits, options: PriceFeedOptions = {}, now = () => Date.now()): PriceHistoryFeed {
  const base = priceHistoryBaseUrl(priceApiUrl);
  const coinId = options.coinId ?? 'shardeum';
  return {
    async range(currency, fromMs, toMs) {
      const url = upstreamUrl(base, `/coins/${encodeURIComponent(coinId)}/market_chart/range`, {
        vs_currency: currency,
        from: String(Math.floor(fromMs / 1000)),
        to: String(Math.ceil(toMs / 1000)),
      });
      const raw = await coinGeckoJson(url, limits, options, now);
      return validateReply(RangeReplySchema, raw, 'price history').prices.flatMap(([at, price]): [number, number][] => (price === null ? [] : [[at, price]]));
    },
  };
}
