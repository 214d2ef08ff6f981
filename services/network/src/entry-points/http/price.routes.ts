import { Router } from 'express';
import type { ShmPriceReply } from '@shm/contracts';
import { getShmPrice } from '../../domain/get-shm-price';
import type { PriceStore } from '../../domain/ports';

/** GET /api/shm-price from Redis; the poller keeps it current. */
export function priceRoutes(prices: PriceStore, staleAfterMs: number): Router {
  const router = Router();
  router.get('/api/shm-price', async (_req, res) => {
    // The stored quote was checked against the contract when it was read from Redis.
    res.json((await getShmPrice(prices, staleAfterMs)) satisfies ShmPriceReply);
  });
  return router;
}
