import { ErrorCode, type ShmPriceReply } from '@shm/contracts';
import { AppError } from '@shm/platform';
import type { PriceStore } from './ports';

export const PRICE_ERROR_MESSAGE = 'Failed to fetch SHM price';

/**
 * The last price fetched. It is stale when the latest fetch failed, or when no fetch has succeeded
 * for `staleAfterMs` (the poller itself may be down). 503 when no price was ever fetched.
 */
export async function getShmPrice(prices: PriceStore, staleAfterMs: number, now = Date.now()): Promise<ShmPriceReply> {
  const stored = await prices.get();
  if (!stored) throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 503, PRICE_ERROR_MESSAGE);
  const stale = stored.stale || now - stored.fetchedAt > staleAfterMs;
  return { ...stored.quote, ...(stale ? { stale: true } : {}) };
}
