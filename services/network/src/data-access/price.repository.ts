import { z } from 'zod';
import { ShmPriceReplySchema } from '@shm/contracts';
import type { Redis } from '@shm/platform/redis';
import type { PriceStore } from '../domain/ports';

const StoredPriceSchema = z.object({
  quote: ShmPriceReplySchema.omit({ stale: true }),
  fetchedAt: z.number(),
  stale: z.boolean(),
});

/** The last SHM price fetched, one JSON value in Redis (`<prefix>price`). */
export function priceRepository(redis: Redis, prefix: string): PriceStore {
  const key = `${prefix}price`;
  const get = async () => {
    const raw = await redis.get(key);
    if (!raw) return null;
    const parsed = StoredPriceSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  };
  return {
    get,
    async save(price) {
      await redis.set(key, JSON.stringify(StoredPriceSchema.parse(price)));
    },
    async markStale() {
      const current = await get();
      if (current && !current.stale) await redis.set(key, JSON.stringify({ ...current, stale: true }));
    },
  };
}
