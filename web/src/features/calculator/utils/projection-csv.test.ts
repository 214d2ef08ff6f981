import type { ProjectionMonth } from '@shm/contracts';
import { USD_MONEY, money } from '../../../lib/currency';
import { projectionCsv, projectionCsvName } from './projection-csv';

const firstMonth: ProjectionMonth = { month: 1, shm: 100, price: 0.5, value: 50, cumulativeProfit: 15, cumulativeProfitP10: 5, cumulativeProfitP90: 25 };
const monthly: ProjectionMonth[] = [
  firstMonth,
  { month: 2, shm: 100.123456, price: 1, value: 100.12, cumulativeProfit: 80, cumulativeProfitP10: 60.556, cumulativeProfitP90: 99.999 },
];
const lines = (csv: string) => csv.split('\r\n');

describe('projectionCsv', () => {
  it('when shown in USD, then each month is a row of plain numbers under a header naming USD', () => {
    expect(lines(projectionCsv(monthly, USD_MONEY))).toEqual([
      'Month,SHM earned,SHM price (USD),Value (USD),Cumulative profit (USD),Cumulative profit P10 (USD),Cumulative profit P90 (USD)',
      '1,100.0000,0.500000,50.00,15.00,5.00,25.00',
      '2,100.1235,1.000000,100.12,80.00,60.56,100.00',
      '',
    ]);
  });

  it('when shown in EUR, then money and the price are converted at the rate and the header says EUR', () => {
    // × 0.86: 50 → 43.00, 15 → 12.90, 5 → 4.30, 25 → 21.50, price 0.5 → 0.43;
    // 100.12 → 86.1032, 80 → 68.80, 60.556 → 52.07816, 99.999 → 85.99914, price 1 → 0.86
    expect(lines(projectionCsv(monthly, money('eur', 0.86)))).toEqual([
      'Month,SHM earned,SHM price (EUR),Value (EUR),Cumulative profit (EUR),Cumulative profit P10 (EUR),Cumulative profit P90 (EUR)',
      '1,100.0000,0.430000,43.00,12.90,4.30,21.50',
      '2,100.1235,0.860000,86.10,68.80,52.08,86.00',
      '',
    ]);
  });

  it('when shown in SHM, then money is in SHM at the calculation’s price and the SHM price stays in USD', () => {
    // $0.25 per SHM: 4 SHM per dollar
    const [header, first] = lines(projectionCsv(monthly, money('shm', 4)));
    expect(header).toBe(
      'Month,SHM earned,SHM price (USD),Value (SHM),Cumulative profit (SHM),Cumulative profit P10 (SHM),Cumulative profit P90 (SHM)',
    );
    expect(first).toBe('1,100.0000,0.500000,200.00,60.00,20.00,100.00');
  });

  it('when a figure rounds to zero from below, then it reads 0.00, not -0.00', () => {
    const row = lines(projectionCsv([{ ...firstMonth, cumulativeProfit: -0.001 }], USD_MONEY))[1];
    expect(row).toBe('1,100.0000,0.500000,50.00,0.00,5.00,25.00');
  });
});

describe('projectionCsvName', () => {
  it('when named, then the file says months, currency and day', () => {
    expect(projectionCsvName(12, money('eur', 0.86), new Date('2026-11-23T18:00:00Z'))).toBe('shm-projection-12-months-eur-2026-11-23.csv');
  });
});
