import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CURRENCY_KEY, parseCurrency, type DisplayCurrency } from './currency';

/**
 * The display currency kept in the address (`?cur=eur`; none means USD). Choosing one is a settled
 * change: one history entry, the page's other query keys kept.
 */
export function useCurrencyParam(): [DisplayCurrency, (next: DisplayCurrency) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const currency = parseCurrency(new URLSearchParams(search).get(CURRENCY_KEY));
  const choose = useCallback(
    (next: DisplayCurrency) => {
      const query = new URLSearchParams(window.location.search);
      if (next === 'usd') query.delete(CURRENCY_KEY);
      else query.set(CURRENCY_KEY, next);
      const text = query.toString();
      void navigate({ search: text ? `?${text}` : '' });
    },
    [navigate],
  );
  return [currency, choose];
}
