import type { RouteDocs } from '../docs-types';
import { notYet } from '../network/examples';
import { ShmPriceReplySchema } from '../network/schemas';
import { defineRoutes } from '../route';

/** The SHM price, served by the network service (its own prefix, and the calculator's only network call). */
export const priceContract = defineRoutes({
  price: { method: 'GET', path: '/api/shm-price', service: 'network', auth: 'none', reply: ShmPriceReplySchema, errors: [503] },
});

/** Each route's docs (the docs page and OpenAPI); a function, so the web's bundle leaves the text out. */
export const priceDocs = (): RouteDocs<typeof priceContract> => ({
  price: {
    category: 'Network',
    title: 'SHM price',
    description:
      'The SHM price in USD (4 decimals) with market cap and 24 h volume, polled in the background from the price feed, and `prices`: the SHM price in each currency the feed answered (`usd`, `eur`, `gbp`, `inr`), unrounded, for display currencies. When the latest fetch failed the last known price is served with `stale: true`.',
    responses: [
      {
        status: 200,
        description: 'The latest price',
        example: {
          price: 0.1172,
          lastUpdated: '2025-11-21T12:00:00.000Z',
          marketCap: 29_183_000,
          volume24h: 1_204_000,
          prices: { usd: 0.1172, eur: 0.100792, gbp: 0.089072, inr: 10.3722 },
        },
      },
      notYet('Failed to fetch SHM price'),
    ],
  },
});
