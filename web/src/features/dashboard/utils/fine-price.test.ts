import { formatFinePrice } from './fine-price';

describe('formatFinePrice', () => {
  it.each([
    [0.00000001, '$0.00000001'],
    [0.25, '$0.2500'],
    [1, '$1.0000'],
    [0.123456789, '$0.12345679'],
    [1234.5, '$1,234.5000'],
  ])('when the price is %p, then it reads %p', (value, text) => {
    expect(formatFinePrice(value)).toBe(text);
  });

  it('when it is not a number, then a dash', () => {
    expect(formatFinePrice(Number.NaN)).toBe('—');
  });
});
