import {
  formatBreakEven,
  formatFactor,
  formatNumber,
  formatPercent,
  formatPrice,
  formatShm,
  formatTimeToTarget,
  formatUsd,
  shortenAddress,
} from './format';

describe('formatTimeToTarget', () => {
  it.each([
    [null, 'Not Achievable'],
    [undefined, 'Not Achievable'],
    [Number.POSITIVE_INFINITY, 'Not Achievable'],
    [Number.NaN, 'Not Achievable'],
    [0, 'Not Achievable'],
    [-3, 'Not Achievable'],
  ])('when months is %p, then it shows %p', (months, shown) => {
    expect(formatTimeToTarget(months)).toBe(shown);
  });

  it.each([
    [0.01, '1 week'],
    [0.2, '1 week'],
    [0.2499, '1 week'],
    [0.25, '1 week'],
    [0.26, '2 weeks'],
    [0.5, '2 weeks'],
    [0.75, '3 weeks'],
    [0.9999, '4 weeks'],
  ])('when months is %p (under 1 month), then it shows weeks rounded up: %p', (months, shown) => {
    expect(formatTimeToTarget(months)).toBe(shown);
  });

  it.each([
    [1, '1 month'],
    [1.01, '2 months'],
    [2, '2 months'],
    [11.5, '12 months'],
    [11.9999, '12 months'],
  ])('when months is %p (1 to under 12), then it shows months rounded up: %p', (months, shown) => {
    expect(formatTimeToTarget(months)).toBe(shown);
  });

  it.each([
    [12, '1.0 year'],
    [12.5, '1.0 year'],
    [13.2, '1.1 years'],
    [18, '1.5 years'],
    [119.9, '10.0 years'],
    [120, '10.0 years'],
  ])('when months is %p (12 to 120), then it shows years to one decimal: %p', (months, shown) => {
    expect(formatTimeToTarget(months)).toBe(shown);
  });

  it.each([[120.01], [121], [1e6]])('when months is %p (over 120), then it shows Too Long', (months) => {
    expect(formatTimeToTarget(months)).toBe('Too Long');
  });
});

describe('formatBreakEven', () => {
  const hour = 1 / 720;
  const day = 1 / 30;

  it.each([
    [null, 'Never'],
    [undefined, 'Never'],
    [Number.POSITIVE_INFINITY, 'Never'],
    [Number.NaN, 'Never'],
    [-1, 'Never'],
  ])('when months is %p, then it shows %p', (months, shown) => {
    expect(formatBreakEven(months)).toBe(shown);
  });

  it.each([
    [0, '0 hours'],
    [hour / 2, '1 hour'],
    [hour, '1 hour'],
    [hour * 1.5, '2 hours'],
    [day - hour, '23 hours'],
    [day * 0.9999, '24 hours'],
  ])('when months is %p (under 1/30), then it shows hours rounded up: %p', (months, shown) => {
    expect(formatBreakEven(months)).toBe(shown);
  });

  it.each([
    [day, '1 day'],
    [day * 1.5, '2 days'],
    [day * 2, '2 days'],
    [0.5, '15 days'],
    [0.9999, '30 days'],
  ])('when months is %p (1/30 to under 1), then it shows days rounded up: %p', (months, shown) => {
    expect(formatBreakEven(months)).toBe(shown);
  });

  it.each([
    [1, '1 month'],
    [1.2, '2 months'],
    [6.35, '7 months'],
    [11.9999, '12 months'],
  ])('when months is %p (1 to under 12), then it shows months rounded up: %p', (months, shown) => {
    expect(formatBreakEven(months)).toBe(shown);
  });

  it.each([
    [12, '1.0 year'],
    [12.59, '1.0 year'],
    [12.6, '1.1 years'],
    [30, '2.5 years'],
    [1200, '100.0 years'],
  ])('when months is %p (12 or more), then it shows years to one decimal: %p', (months, shown) => {
    expect(formatBreakEven(months)).toBe(shown);
  });
});

describe('money, price, percent and numbers', () => {
  it('when formatting USD, then en-US currency with two decimals is used', () => {
    expect(formatUsd(82.8)).toBe('$82.80');
    expect(formatUsd(1234567.891)).toBe('$1,234,567.89');
    expect(formatUsd(-35)).toBe('-$35.00');
    expect(formatUsd(Number.NaN)).toBe('—');
  });

  it('when formatting a price, then four decimals are used', () => {
    expect(formatPrice(0.1265)).toBe('$0.1265');
    expect(formatPrice(1)).toBe('$1.0000');
    expect(formatPrice(0.123456)).toBe('$0.1235');
    expect(formatPrice(null)).toBe('—');
  });

  it('when formatting a percent, then two decimals and a % sign are used', () => {
    expect(formatPercent(8.5)).toBe('8.50%');
    expect(formatPercent(9.090909)).toBe('9.09%');
    expect(formatPercent(-12.345)).toBe('-12.35%');
    expect(formatPercent(1234.5)).toBe('1,234.50%');
    expect(formatPercent(undefined)).toBe('—');
  });

  it('when formatting numbers and SHM, then en-US grouping with at most two decimals is used', () => {
    expect(formatNumber(1234.5678)).toBe('1,234.57');
    expect(formatNumber(32)).toBe('32');
    expect(formatShm(654.5454)).toBe('654.55 SHM');
    expect(formatShm(22_075_200)).toBe('22,075,200 SHM');
  });

  it('when formatting a factor, then two decimals and an x are used', () => {
    expect(formatFactor(7.9051)).toBe('7.91x');
    expect(formatFactor(1)).toBe('1.00x');
  });
});

describe('shortenAddress', () => {
  it('when the address is long, then first 6 and last 4 characters are kept', () => {
    expect(shortenAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234...5678');
  });

  it('when the address is short or missing, then it is returned as is', () => {
    expect(shortenAddress('0x12345678')).toBe('0x12345678');
    expect(shortenAddress(undefined)).toBe('');
  });
});
