import { useCallback, useEffect } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { PRICE_ERROR_MESSAGE, useShmPrice } from '../api/get-shm-price';

/**
 * The live SHM price (spec §4): each positive price fetched overwrites shmPrice through `onPrice`.
 * The first fetch fails quietly; a failed refresh says 'Failed to fetch SHM price'.
 */
export function useLivePrice(onPrice: (price: number) => void) {
  const query = useShmPrice();
  const { showToast } = useToast();
  const price = query.data?.price;

  useEffect(() => {
    if (price !== undefined && price > 0) onPrice(price);
  }, [price, query.dataUpdatedAt, onPrice]);

  const { refetch } = query;
  const onRefresh = useCallback(async () => {
    const result = await refetch();
    if (result.isError) showToast({ severity: 'error', summary: PRICE_ERROR_MESSAGE });
  }, [refetch, showToast]);

  return { isFetching: query.isFetching, onRefresh: () => void onRefresh() };
}
