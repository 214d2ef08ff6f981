import { numberText } from './number-text';

describe('numberText', () => {
  it.each([
    [0.00000001, '0.00000001'],
    [0.1265, '0.1265'],
    [249000000, '249000000'],
    [42.5, '42.5'],
    [0, '0'],
  ])('when the number is %p, then the input shows %p', (value, text) => {
    expect(numberText(value)).toBe(text);
  });
});
