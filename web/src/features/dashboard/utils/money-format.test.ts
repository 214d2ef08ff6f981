import { describeDayPrice, formatSeconds, formatUtc, formatUtcRange, formatValue } from './money-format';

describe('the node money view’s shapes', () => {
  it('when a period starts and ends on one UTC day, then the day once; across midnight, both in full', () => {
    expect(formatUtcRange('2025-11-20T10:00:00.000Z', '2025-11-20T12:00:00.000Z')).toBe('Nov 20, 2025, 10:00 – 12:00 UTC');
    expect(formatUtcRange('2025-11-20T23:30:00.000Z', '2025-11-21T00:15:00.000Z')).toBe('Nov 20, 2025, 23:30 – Nov 21, 2025, 00:15 UTC');
    expect(formatUtc('2025-11-21T00:05:00.000Z')).toBe('Nov 21, 2025, 00:05 UTC');
  });

  it('when seconds, then with hours and minutes (whole minutes, rounded down)', () => {
    expect(formatSeconds(7_200)).toBe('7,200 s (2 h 0 m)');
    expect(formatSeconds(5_459)).toBe('5,459 s (1 h 30 m)');
    expect(formatSeconds(59)).toBe('59 s (0 m)');
  });

  it('when a day has a price or none, then the price in the currency or "no price for <day>"', () => {
    expect(describeDayPrice({ day: '2025-11-20', price: 0.12, source: 'history' }, 'usd')).toBe('$0.1200 on Nov 20, 2025');
    expect(describeDayPrice({ day: '2025-11-20', price: 0.1123456, source: 'price-api' }, 'eur')).toBe('€0.112346 on Nov 20, 2025');
    expect(describeDayPrice({ day: '2025-11-07', price: null, source: 'none' }, 'gbp')).toBe('no price for 2025-11-07');
    expect(formatValue(1234.5, 'inr')).toBe('₹1,234.50');
  });
});
