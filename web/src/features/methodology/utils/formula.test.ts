import { formatFormulaNumber, isBareName, resultJoiner, substituteFormula, unitSuffix } from './formula';

const shown = (formula: string, values: Record<string, number | boolean | null>) =>
  substituteFormula(formula, values)
    .map((part) => part.text)
    .join('');

describe('substituteFormula', () => {
  it("when the names have values, then they are replaced and the rest is kept (the issue's example)", () => {
    expect(shown('monthlyUSD × 12 / stakeValue × 100', { monthlyUSD: 82.8, stakeValue: 303.6 })).toBe('82.80 × 12 / 303.60 × 100');
  });

  it('when a name is unknown, a function or part of a number, then it stays as written', () => {
    expect(shown('ceil(targetEarnings / x) × 1e9', { targetEarnings: 100_000, e9: 5 })).toBe('ceil(100\u202f000 / x) × 1e9');
  });

  it('when a dotted name has a value, then the whole path is replaced, not its first part', () => {
    expect(shown('riskBands.monthlySHM.p10 − nodeCostPerMonth', { 'riskBands.monthlySHM.p10': 480, riskBands: 1, nodeCostPerMonth: 35 })).toBe(
      '480 − 35',
    );
  });

  it('when a value is null or a boolean, then it reads null, true or false', () => {
    expect(shown('breakEven ≠ null and ok', { breakEven: null, ok: true })).toBe('null ≠ null and true');
  });

  it('when a name is replaced, then the part says which name it was', () => {
    expect(substituteFormula('a + b', { b: 2 })).toEqual([
      { kind: 'text', text: 'a + ' },
      { kind: 'value', name: 'b', text: '2' },
    ]);
  });
});

describe('formatFormulaNumber', () => {
  it.each([
    [82.8, '82.80'],
    [327.272727, '327.27'],
    [22_118_400, '22\u202f118\u202f400'],
    [0.1265, '0.1265'],
    [0.0909090909, '0.09091'],
    [0.5, '0.50'],
    [-47.8, '−47.80'],
    [0, '0'],
    [1234.5, '1\u202f234.50'],
  ])('when %p, then %p', (value, text) => {
    expect(formatFormulaNumber(value)).toBe(text);
  });
});

describe('unitSuffix', () => {
  it.each([
    ['%', ' %'],
    ['% per month', ' %'],
    ['SHM per node per month', ' SHM'],
    ['USD, the capital a node ties up', ' USD'],
    ['boolean', ''],
    ['months', ' months'],
    ['active periods a month', ''],
    ['standby nodes (a real number, not rounded)', ''],
    ['×', '×'],
    [undefined, ''],
  ])('when the unit column reads %p, then the value is followed by %p', (unit, suffix) => {
    expect(unitSuffix(unit)).toBe(suffix);
  });
});

describe('resultJoiner and isBareName', () => {
  it('when the formula is a condition, then the result follows an arrow, else an equals sign', () => {
    expect(resultJoiner('timeToTarget ≠ null')).toBe(' → ');
    expect(resultJoiner('maxNodes × monthlyProfit × t − skew ≥ targetEarnings')).toBe(' → ');
    expect(resultJoiner('monthlyUSD × 12 / stakeValue × 100')).toBe(' = ');
    expect(resultJoiner(undefined)).toBe(' = ');
  });

  it('when the formula is one name alone, then it is bare; an expression or a dotted path with an operator is not', () => {
    expect(isBareName('netAPY')).toBe(true);
    expect(isBareName(' riskBands.monthlySHM.p10 ')).toBe(true);
    expect(isBareName('netAPYLow − netAPY')).toBe(false);
  });
});
