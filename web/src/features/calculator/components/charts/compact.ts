import type { Money } from '../../../../lib/currency';

const compact = new Map<string, Intl.NumberFormat>();
const format = (currency?: string) => {
  const key = currency ?? '';
  let found = compact.get(key);
  if (!found) {
    found = new Intl.NumberFormat('en-US', {
      notation: 'compact',
      maximumFractionDigits: 1,
      ...(currency ? { style: 'currency', currency } : {}),
    });
    compact.set(key, found);
  }
  return found;
};

/** An axis label in the shown currency: €12.5K, -$300, 4.2K SHM (the value is already converted). */
export const compactMoney = (money: Money, value: number) =>
  money.currency === 'shm' ? `${format().format(value)} SHM` : format(money.code).format(value);

/** Percentage points with a sign: +12.3, −4.0 (a real minus sign, as in the chart's labels). */
export const signedPoints = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(1)}`;
