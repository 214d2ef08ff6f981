import { ADMIN_CALCULATOR_DEFAULTS } from '@shm/contracts';
import { parseInputs, writeInputs } from './calculation-query';

describe('parseInputs', () => {
  it('when the query names parameters and projection inputs, then each is read as a number', () => {
    const inputs = parseInputs('?standbyNodes=80&shmPrice=0.25&rewardPerHour=12.5&projectionInvestment=5000&projectionMonths=24&projectedShmPrice=0.5');

    expect(inputs).toEqual({
      params: { standbyNodes: 80, shmPrice: 0.25, rewardPerHour: 12.5 },
      projection: { investmentAmount: 5000, projectionMonths: 24, projectedShmPrice: 0.5 },
    });
  });

  it('when values break the form’s rules, then each of them is ignored and the valid ones are kept', () => {
    const inputs = parseInputs(
      [
        'totalNodes=0', // at least 1
        'activeCommunityNodes=2.5', // whole number
        'standbyNodes=-5', // at least 0
        'shmPrice=abc',
        'rewardPerHour=', // empty is not 0 here: a link either says a value or not
        'nodeCostPerMonth=0x10', // hex
        'shmStake=Infinity',
        'totalSupply=1e400', // overflows to Infinity
        'targetTimeframe=0', // at least 1 month
        'activePeriodHours=0', // at least one minute
        'projectionMonths=5000', // at most 1200
        'projectedShmPrice=%20', // a blank
        'investmentAmount=7500', // valid
        'circulatingSupply=1e8', // valid, exponent form
      ].join('&'),
    );

    expect(inputs).toEqual({ params: { investmentAmount: 7500, circulatingSupply: 100_000_000 }, projection: {} });
  });

  it('when the query is empty or has only other keys, then there are no inputs', () => {
    expect(parseInputs('')).toEqual({ params: {}, projection: {} });
    expect(parseInputs('?cur=eur&utm_source=mail')).toEqual({ params: {}, projection: {} });
  });
});

describe('writeInputs', () => {
  it('when inputs are written, then they come in the form’s order and other keys stay', () => {
    const search = writeInputs(
      { params: { shmPrice: 0.25, totalNodes: 300 }, projection: { projectionMonths: 24 } },
      '?cur=eur&totalNodes=1&projectionMonths=3&utm_source=mail',
    );

    expect(search).toBe('?cur=eur&utm_source=mail&totalNodes=300&shmPrice=0.25&projectionMonths=24');
  });

  it('when nothing is left, then the query is empty', () => {
    expect(writeInputs({ params: {}, projection: {} }, '?standbyNodes=9')).toBe('');
  });

  it('when every parameter and input is written and read back, then the same values return', () => {
    const inputs = {
      params: { ...ADMIN_CALCULATOR_DEFAULTS, shmPrice: 0.000_001_5, activePeriodHours: 1 / 60 },
      projection: { investmentAmount: 1234.5, projectionMonths: 1200, projectedShmPrice: 0 },
    };

    expect(parseInputs(writeInputs(inputs, ''))).toEqual(inputs);
  });
});
