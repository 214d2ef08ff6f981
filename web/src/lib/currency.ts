import type { PriceCurrency } from '@shm/contracts';
import { formatNumber, formatPrice, formatUsd } from './format';

/**
 * Display currencies (issue 9): the feed's currencies (GET /api/shm-price `prices`) and SHM itself.
 * Only what the results show changes; the form's inputs stay in USD.
 */
export type DisplayCurrency = PriceCurrency | 'shm';

export const DISPLAY_CURRENCIES: readonly { code: DisplayCurrency; label: string }[] = [
  { code: 'usd', label: 'USD $' },
  { code: 'eur', label: 'EUR €' },
  { code: 'gbp', label: 'GBP £' },
  { code: 'inr', label: 'INR ₹' },
  { code: 'shm', label: 'SHM' },
];

/** The query parameter that holds the display currency (`?cur=eur`). */
export const CURRENCY_KEY = 'cur';

/** A code from the address (any case); anything unknown (or none) is USD. */
export const parseCurrency = (text: string | null | undefined): DisplayCurrency =>
  DISPLAY_CURRENCIES.find(({ code }) => code === text?.toLowerCase())?.code ?? 'usd';

/**
 * Units of `currency` one US dollar buys, or null when unknown. A fiat currency comes from the feed's
 * prices (usd × prices[c] / prices.usd); SHM from the SHM price the calculation itself uses, so an
 * amount the calculation made from SHM (monthly SHM × price) converts back to those very SHM.
 */
export function ratePerUsd(currency: DisplayCurrency, prices: Record<string, number> | undefined, shmPriceUsd: number): number | null {
  if (currency === 'usd') return 1;
  if (currency === 'shm') return shmPriceUsd > 0 ? 1 / shmPriceUsd : null;
  const usd = prices?.usd;
  const other = prices?.[currency];
  return usd && other ? other / usd : null;
}

/** How money shows in the chosen currency. */
export interface Money {
  /** The currency figures are shown in: the chosen one, or USD while the chosen one has no rate. */
  currency: DisplayCurrency;
  /** Upper-case code for headers and notes (EUR, SHM). */
  code: string;
  /** The currency chosen (shown unless it has no rate yet). */
  requested: DisplayCurrency;
  /** The chosen currency has no rate yet, so figures stay in USD. */
  missingRate: boolean;
  /** A USD amount in the shown currency (a number, for charts and CSV). */
  convert: (usd: number) => number;
  /** A USD amount, formatted: €1,234.56, ₹10.37, 654.55 SHM. */
  amount: (usd: number | null | undefined) => string;
  /** An SHM price in USD, formatted with 4 decimals; in USD when SHM is shown (SHM in SHM is always 1). */
  price(usd: number | null | undefined): string;
  /** The code prices show in (USD when SHM is shown). */
  priceCode: string;
  priceOf(usd: number): number;
}

const formats = new Map<string, Intl.NumberFormat>();
const currencyFormat = (code: string, decimals: number) => {
  const key = `${code}:${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formats.set(key, format);
  }
  return format;
};
const finite = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

export function money(chosen: DisplayCurrency, rate: number | null): Money {
  const currency = rate === null ? 'usd' : chosen;
  const factor = rate ?? 1;
  const code = currency.toUpperCase();
  const fiat = currency !== 'shm';
  const convert = (usd: number) => usd * factor;
  const amount = (usd: number | null | undefined) => {
    if (!finite(usd)) return formatUsd(usd);
    if (currency === 'usd') return formatUsd(usd);
    return fiat ? currencyFormat(code, 2).format(convert(usd)) : `${formatNumber(convert(usd), 2)} SHM`;
  };
  const price = (usd: number | null | undefined) =>
    !finite(usd) || !fiat || currency === 'usd' ? formatPrice(usd) : currencyFormat(code, 4).format(convert(usd));
  return {
    currency,
    code,
    requested: chosen,
    missingRate: rate === null && chosen !== 'usd',
    convert,
    amount,
    price,
    priceCode: fiat ? code : 'USD',
    priceOf: (usd) => (fiat ? convert(usd) : usd),
  };
}

/** US dollars, as everything was before display currencies. */
export const USD_MONEY = money('usd', 1);
