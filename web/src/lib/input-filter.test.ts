import { filterNumeric, keepDecimal, keepDigits, textToNumber } from './input-filter';

describe('input filtering', () => {
  it('when a digits-only field gets other characters, then only the digits are kept', () => {
    expect(keepDigits('1a2-3.4 5e')).toBe('12345');
    expect(keepDigits('-7')).toBe('7');
    expect(filterNumeric('2,400', 'integer')).toBe('2400');
  });

  it('when a decimal field gets several points, then only the first is kept', () => {
    expect(keepDecimal('0.12.65')).toBe('0.1265');
    expect(keepDecimal('.5')).toBe('.5');
    expect(keepDecimal('1e3')).toBe('13');
    expect(keepDecimal('$35.00')).toBe('35.00');
    expect(filterNumeric('-0.1', 'decimal')).toBe('0.1');
  });

  it('when text is converted, then empty text and a lone point become 0', () => {
    expect(textToNumber('')).toBe(0);
    expect(textToNumber('.')).toBe(0);
    expect(textToNumber('0.')).toBe(0);
    expect(textToNumber('.25')).toBe(0.25);
    expect(textToNumber('007')).toBe(7);
  });
});
