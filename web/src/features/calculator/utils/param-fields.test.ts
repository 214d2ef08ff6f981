import { CALCULATOR_DEFAULTS } from '@shm/contracts';
import { validateParam } from './param-fields';
import { buildProjectionParams, validateProjectionInputs } from './projection-inputs';

const INITIAL_PROJECTION_INPUTS = { investmentAmount: '10000', projectionMonths: '12', projectedShmPrice: '1' };

describe('validateParam', () => {
  it.each([['totalNodes'], ['activeCommunityNodes'], ['totalSupply']] as const)(
    'when %s is 0, then the message is "Must be at least 1"',
    (field) => {
      expect(validateParam(field, 0)).toBe('Must be at least 1');
      expect(validateParam(field, 1)).toBeNull();
    },
  );

  it('when the target timeframe is 0, then the message is "Must be at least 1 month"', () => {
    expect(validateParam('targetTimeframe', 0)).toBe('Must be at least 1 month');
    expect(validateParam('targetTimeframe', 1)).toBeNull();
  });

  it.each([
    ['standbyNodes'],
    ['rewardPerHour'],
    ['nodeCostPerMonth'],
    ['shmPrice'],
    ['shmStake'],
    ['investmentAmount'],
    ['targetEarnings'],
    ['targetShmPrice'],
  ] as const)('when %s is below 0, then the message is "Must be at least 0"; 0 is valid', (field) => {
    expect(validateParam(field, -1)).toBe('Must be at least 0');
    expect(validateParam(field, 0)).toBeNull();
  });
});

describe('projection inputs', () => {
  it('when the inputs are the defaults, then they are valid and build the request from the parameters', () => {
    expect(validateProjectionInputs(INITIAL_PROJECTION_INPUTS)).toEqual({});
    expect(buildProjectionParams(INITIAL_PROJECTION_INPUTS, CALCULATOR_DEFAULTS)).toEqual({
      investmentAmount: 10_000,
      projectionMonths: 12,
      projectedShmPrice: 1,
      shmPrice: 0.1265,
      shmStake: 2400,
      nodeCostPerMonth: 35,
      rewardPerHour: 10,
      totalNodes: 256,
      activeCommunityNodes: 20,
      standbyNodes: 200,
    });
  });

  it('when an active period is set, then the request carries it for the risk model', () => {
    expect(buildProjectionParams(INITIAL_PROJECTION_INPUTS, { ...CALCULATOR_DEFAULTS, activePeriodHours: 2 }).activePeriodHours).toBe(2);
  });

  it('when the period is empty, then it counts as 0 and reads "Must be at least 1 month"', () => {
    expect(validateProjectionInputs({ ...INITIAL_PROJECTION_INPUTS, projectionMonths: '' })).toEqual({
      projectionMonths: 'Must be at least 1 month',
    });
  });
});
