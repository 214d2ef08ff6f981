import { networkRoutes, type ShmPriceReply } from '@shm/contracts';
import type { JsonRoute } from '@shm/platform';
import { getShmPrice } from '../../domain/get-shm-price';
import type { PriceStore } from '../../domain/ports';

/** GET /api/shm-price from the cached price; the poller keeps it current. */
export function priceRoutes(prices: PriceStore, staleAfterMs: number): JsonRoute[] {
  return [
    {
      ...networkRoutes.price,
      // The stored quote was checked against the contract when it was read from Redis.
      handle: async () => (await getShmPrice(prices, staleAfterMs)) satisfies ShmPriceReply,
    },
  ];
}
