import type { ProjectionMonth } from '@shm/contracts';
import type { Money } from '../../../lib/currency';

/** Fixed decimals without a "-0.00" for a value that rounds to zero. */
const fixed = (value: number, decimals: number) => {
  const text = value.toFixed(decimals);
  return Number(text) === 0 ? (0).toFixed(decimals) : text;
};

/**
 * The month-by-month projection as CSV (RFC 4180: comma-separated, CRLF): month, SHM earned, SHM price,
 * value, cumulative profit and its P10 / P90. Money is in the shown currency, named in the header; the
 * price too, except in SHM (an SHM price in SHM is 1), where it stays USD. Plain numbers, no symbols or
 * grouping, so a spreadsheet reads them as numbers.
 */
export function projectionCsv(monthly: ProjectionMonth[], money: Money): string {
  const { code, priceCode } = money;
  const header = [
    'Month',
    'SHM earned',
    `SHM price (${priceCode})`,
    `Value (${code})`,
    `Cumulative profit (${code})`,
    `Cumulative profit P10 (${code})`,
    `Cumulative profit P90 (${code})`,
  ];
  const rows = monthly.map((m) => [
    String(m.month),
    fixed(m.shm, 4),
    fixed(money.priceOf(m.price), 6),
    fixed(money.convert(m.value), 2),
    fixed(money.convert(m.cumulativeProfit), 2),
    fixed(money.convert(m.cumulativeProfitP10), 2),
    fixed(money.convert(m.cumulativeProfitP90), 2),
  ]);
  return `${[header, ...rows].map((row) => row.join(',')).join('\r\n')}\r\n`;
}

/** shm-projection-12-months-eur-2026-11-23.csv */
export const projectionCsvName = (months: number, money: Money, day: Date) =>
  `shm-projection-${months}-months-${money.code.toLowerCase()}-${day.toISOString().slice(0, 10)}.csv`;
