import { USD_MONEY, money, parseCurrency, ratePerUsd } from './currency';

// The stand-in's feed: SHM at $0.1172, €0.100792 (0.86 EUR per USD), £0.089072 (0.76), ₹10.3722 (88.5).
const prices = { usd: 0.1172, eur: 0.100792, gbp: 0.089072, inr: 10.3722 };

describe('parseCurrency', () => {
  it.each([
    ['eur', 'eur'],
    ['GBP', 'gbp'],
    ['shm', 'shm'],
    ['usd', 'usd'],
    ['xyz', 'usd'],
    ['', 'usd'],
    [null, 'usd'],
  ] as const)('when the address says %p, then the currency is %p', (text, expected) => {
    expect(parseCurrency(text)).toBe(expected);
  });
});

describe('ratePerUsd', () => {
  it('when the feed has the currency, then the rate is its price over the USD price', () => {
    expect(ratePerUsd('eur', prices, 0.1265)).toBeCloseTo(0.86, 12);
    expect(ratePerUsd('gbp', prices, 0.1265)).toBeCloseTo(0.76, 12);
    expect(ratePerUsd('inr', prices, 0.1265)).toBeCloseTo(88.5, 12);
    expect(ratePerUsd('usd', undefined, 0)).toBe(1);
  });

  it('when SHM is chosen, then a dollar buys 1 / (the calculation’s SHM price) SHM, whatever the feed says', () => {
    expect(ratePerUsd('shm', prices, 0.1265)).toBeCloseTo(1 / 0.1265, 12);
  });

  it('when the feed has no such price, or the SHM price is 0, then there is no rate', () => {
    expect(ratePerUsd('eur', undefined, 0.1265)).toBeNull();
    expect(ratePerUsd('eur', { usd: 0.1172 }, 0.1265)).toBeNull();
    expect(ratePerUsd('inr', { inr: 10 }, 0.1265)).toBeNull();
    expect(ratePerUsd('shm', prices, 0)).toBeNull();
  });
});

describe('money', () => {
  it('when EUR, GBP or INR is shown, then amounts are converted and carry the currency’s symbol', () => {
    // 82.80 × 0.86 = 71.208; 1,000 × 0.76 = 760; 82.80 × 88.5 = 7,327.80
    expect(money('eur', 0.86).amount(82.8)).toBe('€71.21');
    expect(money('gbp', 0.76).amount(1000)).toBe('£760.00');
    expect(money('inr', 88.5).amount(82.8)).toBe('₹7,327.80');
    expect(money('eur', 0.86).amount(-35)).toBe('-€30.10');
  });

  it('when SHM is shown, then amounts are in SHM at the calculation’s price and prices stay in USD', () => {
    const shm = money('shm', 1 / 0.1265);
    // $82.80 / 0.1265 = 654.545… SHM: the monthly SHM the calculation started from
    expect(shm.amount(82.8)).toBe('654.55 SHM');
    expect(shm.price(0.1265)).toBe('$0.1265');
    expect(shm.priceCode).toBe('USD');
    expect(shm.code).toBe('SHM');
  });

  it('when a fiat currency is shown, then an SHM price is converted with 4 decimals', () => {
    // 0.1265 × 0.86 = 0.10879
    expect(money('eur', 0.86).price(0.1265)).toBe('€0.1088');
    expect(money('eur', 0.86).priceOf(0.1265)).toBeCloseTo(0.10879, 12);
  });

  it('when the chosen currency has no rate, then figures stay in USD and say so', () => {
    const shown = money('eur', null);
    expect(shown.amount(82.8)).toBe('$82.80');
    expect(shown.currency).toBe('usd');
    expect(shown.missingRate).toBe(true);
    expect(USD_MONEY.missingRate).toBe(false);
  });

  it('when the amount is not a number, then it shows a dash', () => {
    expect(money('eur', 0.86).amount(null)).toBe('—');
    expect(money('eur', 0.86).price(Number.NaN)).toBe('—');
  });
});
