import { useCallback } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { PRICE_ERROR_MESSAGE, useShmPrice } from '../api/get-shm-price';

/**
 * The live SHM price (spec §4): a positive price fetched is the SHM Price under whatever the visitor
 * set (`price`), and the feed's price per currency (`prices`) converts what the results show. The first
 * fetch fails quietly; a failed refresh says 'Failed to fetch SHM price'. `refresh` resolves true when
 * it brought a positive price.
 */
export function useLivePrice() {
  const query = useShmPrice();
  const { showToast } = useToast();
  const fetched = query.data?.price;

  const { refetch } = query;
  const refresh = useCallback(async () => {
    const result = await refetch();
    if (result.isError || !result.data) {
      showToast({ severity: 'error', summary: PRICE_ERROR_MESSAGE });
      return false;
    }
    return result.data.price > 0;
  }, [refetch, showToast]);

  return {
    price: fetched !== undefined && fetched > 0 ? fetched : undefined,
    prices: query.data?.prices,
    isFetching: query.isFetching,
    refresh,
  };
}
