/**
 * Display rules (spec §4, §9). Pure functions; every one returns '—' for a value that is not a finite number,
 * except the duration formatters, which have their own words for it.
 *
 * Rounding of durations: hours, days, weeks and months are rounded UP (a break-even of 6.2 months
 * shows "7 months": you have not broken even after 6), years show one decimal (rounded half up).
 */

const DASH = '—';
const DAYS_PER_MONTH = 30;
const HOURS_PER_MONTH = DAYS_PER_MONTH * 24;
const WEEKS_PER_MONTH = 4;
const MAX_TARGET_MONTHS = 120;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const price = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 4,
  maximumFractionDigits: 4,
});
const percent = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const isNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Math.ceil that forgives float noise such as (1/30) * 30 = 1.0000000000000002. */
const ceilUnits = (value: number) => Math.ceil(Number(value.toFixed(9)));

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

const years = (months: number) => {
  const shown = (months / 12).toFixed(1);
  return `${shown} ${Number(shown) === 1 ? 'year' : 'years'}`;
};

/** $1,234.56 */
export const formatUsd = (value: number | null | undefined) => (isNumber(value) ? usd.format(value) : DASH);

/** SHM price, $0.1265 */
export const formatPrice = (value: number | null | undefined) => (isNumber(value) ? price.format(value) : DASH);

/** Value already in percent: 8.5 → 8.50% */
export const formatPercent = (value: number | null | undefined) =>
  isNumber(value) ? `${percent.format(value)}%` : DASH;

/** 1234.5678 → 1,234.57 (at most `maxDecimals` decimals, en-US grouping) */
export const formatNumber = (value: number | null | undefined, maxDecimals = 2) =>
  isNumber(value) ? value.toLocaleString('en-US', { maximumFractionDigits: maxDecimals }) : DASH;

/** 654.5454 → 654.55 SHM */
export const formatShm = (value: number | null | undefined, maxDecimals = 2) =>
  isNumber(value) ? `${formatNumber(value, maxDecimals)} SHM` : DASH;

/** A multiplier such as a price factor: 7.9051 → 7.91x */
export const formatFactor = (value: number | null | undefined) => (isNumber(value) ? `${value.toFixed(2)}x` : DASH);

/** 0x1234567890abcdef… → 0x1234...cdef (first 6, last 4) */
export const shortenAddress = (address: string | null | undefined) => {
  if (!address) return '';
  return address.length <= 10 ? address : `${address.slice(0, 6)}...${address.slice(-4)}`;
};

/** Time to Target (spec §4); `months` null means the target is never reached. */
export function formatTimeToTarget(months: number | null | undefined): string {
  if (!isNumber(months) || months <= 0) return 'Not Achievable';
  if (months < 0.25) return plural(ceilUnits(months * WEEKS_PER_MONTH), 'week');
  if (months < 1) return plural(ceilUnits(months * WEEKS_PER_MONTH), 'week');
  if (months > MAX_TARGET_MONTHS) return 'Too Long';
  if (months < 12) return plural(ceilUnits(months), 'month');
  return years(months);
}

/** Break Even (spec §4); `months` null means the node never repays its stake. 0 shows "0 hours". */
export function formatBreakEven(months: number | null | undefined): string {
  if (!isNumber(months) || months < 0) return 'Never';
  if (months < 1 / DAYS_PER_MONTH) return plural(ceilUnits(months * HOURS_PER_MONTH), 'hour');
  if (months < 1) return plural(ceilUnits(months * DAYS_PER_MONTH), 'day');
  if (months < 12) return plural(ceilUnits(months), 'month');
  return years(months);
}
