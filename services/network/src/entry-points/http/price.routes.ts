import { priceContract } from '@shm/contracts';
import { handler, type RouteHandler } from '@shm/platform';
import { getShmPrice } from '../../domain/get-shm-price';
import type { PriceStore } from '../../domain/ports';

/** GET /api/shm-price from the cached price; the poller keeps it current. */
export const priceRoutes = (prices: PriceStore, staleAfterMs: number): RouteHandler[] => [
  handler(priceContract.price, () => getShmPrice(prices, staleAfterMs)),
];
