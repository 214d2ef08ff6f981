import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShmPriceReply } from '@shm/contracts';
import { priceContract } from '@shm/contracts/price';
import { callApi, type ApiFetch } from '../../../lib/api-client';

/** Price response (spec §3): `price` is the SHM Price; `prices` (the SHM price per currency) converts the results into the display currency. */
export type ShmPrice = ShmPriceReply;

export const PRICE_ERROR_MESSAGE = 'Failed to fetch SHM price';

const roundPrice = (price: number) => Math.round(price * 10_000) / 10_000;

/** GET /api/shm-price; the price is rounded to 4 decimals, any failure reads 'Failed to fetch SHM price'. */
export async function getShmPrice(signal?: AbortSignal, fetch?: ApiFetch): Promise<ShmPrice> {
  try {
    const reply = await callApi(priceContract.price, { signal, fetch });
    return { ...reply, price: roundPrice(reply.price) };
  } catch (cause) {
    throw new Error(PRICE_ERROR_MESSAGE, { cause });
  }
}

/** Fetched once and kept: never stale, no refetch on focus (spec §4); the refresh button refetches. */
export const shmPriceQueryOptions = () =>
  queryOptions({
    queryKey: ['shm-price'],
    queryFn: ({ signal, meta }) => getShmPrice(signal, meta?.apiFetch),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });

export const useShmPrice = () => useQuery(shmPriceQueryOptions());
