import { BigUnitsSchema } from './archiver.schemas';

describe('BigUnitsSchema', () => {
  it('when a bi value is all digits, then it is still read as hex', () => {
    // By hand: 0x57922289119000 = 24 649 000 000 000 000 (1e18 units) → 0.024649.
    expect(BigUnitsSchema.parse({ dataType: 'bi', value: '57922289119000' })).toBe(0.024649);
  });

  it('when a bi value has hex letters, then it is read as hex', () => {
    // By hand: 0x821ab0d44149800000 = 2400 × 10^18 → 2400.
    expect(BigUnitsSchema.parse({ dataType: 'bi', value: '821ab0d44149800000' })).toBe(2400);
  });

  it('when a raw amount is far beyond 2^53, then it is still read to the unit', () => {
    // By hand: 123456789 × 10^18 + 5 × 10^17 → 123456789.5.
    const raw = 123_456_789n * 10n ** 18n + 5n * 10n ** 17n;
    expect(BigUnitsSchema.parse({ dataType: 'bi', value: raw.toString(16) })).toBe(123_456_789.5);
  });

  it('when a plain string is 0x-hex, then it is read; when it is bare digits, then it is refused as ambiguous', () => {
    expect(BigUnitsSchema.parse('0xde0b6b3a7640000')).toBe(1);
    expect(BigUnitsSchema.safeParse('1000000000000000000').success).toBe(false);
  });

  it('when a plain number comes, then it is taken as 1e18 units', () => {
    expect(BigUnitsSchema.parse(5e17)).toBe(0.5);
  });

  it('when the value is negative or not hex, then it is refused', () => {
    expect(BigUnitsSchema.safeParse({ dataType: 'bi', value: '-de0b6b3a7640000' }).success).toBe(false);
    expect(BigUnitsSchema.safeParse({ dataType: 'bi', value: 'xyz' }).success).toBe(false);
    expect(BigUnitsSchema.safeParse(-1).success).toBe(false);
  });
});
