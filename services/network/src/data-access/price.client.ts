import { z } from 'zod';
import { PRICE_CURRENCIES } from '@shm/contracts';
import type { PriceFeedPort } from '../domain/ports';
import { fetchJson, type UpstreamLimits } from './upstream-http';
import { validateReply } from './validate-reply';

const amount = z.number().min(0).max(1e15);
const price = z.number().positive().max(1e12);

/**
 * CoinGecko `GET /simple/price` with market cap, 24 h volume and last-updated. USD is required (it is
 * the calculator's currency); another currency the feed leaves out, or answers with a value that is
 * not a price, is left out of `prices` (the web then cannot show figures in it).
 */
const SimplePriceReplySchema = z.object({
  shardeum: z
    .object({
      usd: price.max(1e9),
      usd_market_cap: amount.nullish(),
      usd_24h_vol: amount.nullish(),
      last_updated_at: z.number().int().positive().nullish(),
    })
    .catchall(z.unknown()),
});

/** The SHM price feed (CoinGecko id `shardeum`), in USD and the other PRICE_CURRENCIES. */
export function priceClient(priceApiUrl: string, limits: UpstreamLimits, now = () => Date.now()): PriceFeedPort {
  return {
    async latest() {
      const url = new URL(priceApiUrl);
      const query = {
        ids: 'shardeum',
        vs_currencies: PRICE_CURRENCIES.join(','),
        include_market_cap: 'true',
        include_24hr_vol: 'true',
        include_last_updated_at: 'true',
      };
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      const { shardeum } = validateReply(SimplePriceReplySchema, await fetchJson(url, limits), 'price');
      const updatedMs = shardeum.last_updated_at ? shardeum.last_updated_at * 1000 : now();
      const prices: Record<string, number> = {};
      for (const currency of PRICE_CURRENCIES) {
        const parsed = price.safeParse(shardeum[currency]);
        if (parsed.success) prices[currency] = parsed.data;
      }
      return {
        price: shardeum.usd,
        lastUpdated: new Date(updatedMs).toISOString(),
        marketCap: shardeum.usd_market_cap ?? null,
        volume24h: shardeum.usd_24h_vol ?? null,
        prices,
      };
    },
  };
}
