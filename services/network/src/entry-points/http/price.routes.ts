import { Router } from 'express';
import { ShmPriceReplySchema } from '@shm/contracts';
import { getShmPrice } from '../../domain/get-shm-price';
import type { PriceStore } from '../../domain/ports';

/** GET /api/shm-price from Redis; the poller keeps it current. */
export function priceRoutes(prices: PriceStore, staleAfterMs: number): Router {
  const router = Router();
  router.get('/api/shm-price', async (_req, res) => {
    res.json(ShmPriceReplySchema.parse(await getShmPrice(prices, staleAfterMs)));
  });
  return router;
}
