import { checkBalance, formatWeiAsShm } from './balance';

const SHM = 10n ** 18n;

describe('formatWeiAsShm', () => {
  it.each([
    [0n, '0.0000'],
    [10_000n * SHM, '10,000.0000'],
    [SHM / 10n, '0.1000'],
    [99_999_000_000_000_000n, '0.0999'],
    [1234n * SHM + 567_89n * 10n ** 13n, '1,234.5678'],
  ])('when the balance is %p wei, then it shows %p', (wei, text) => {
    expect(formatWeiAsShm(wei)).toBe(text);
  });
});

describe('checkBalance', () => {
  it('when the balance equals the payment, then paying is allowed', () => {
    expect(checkBalance(SHM / 10n, SHM / 10n, '0.1')).toEqual({ sufficient: true, error: null, payHint: null });
  });

  it('when the balance is short, then both spec texts name the amount and the balance', () => {
    expect(checkBalance(SHM / 20n, SHM / 10n, '0.1')).toEqual({
      sufficient: false,
      error: 'Insufficient balance. You need 0.1 SHM but have 0.0500 SHM',
      payHint: 'Insufficient balance. You need at least 0.1 SHM to proceed.',
    });
  });
});
