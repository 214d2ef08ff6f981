import { CALCULATOR_DEFAULTS } from '@shm/contracts';
import { projectionParamsOf, readInputs } from './query';

describe('readInputs', () => {
  it('when the address is empty, then the inputs are the calculator page defaults and the projection starts from them', () => {
    expect(readInputs('')).toEqual({
      params: CALCULATOR_DEFAULTS,
      projection: { investmentAmount: 10_000, projectionMonths: 12, projectedShmPrice: 1 },
    });
  });

  it('when the address carries inputs, then valid ones replace the defaults and ones the API would refuse are ignored', () => {
    const { params, projection } = readInputs(
      '?standbyNodes=300&shmPrice=0x10&totalNodes=0&rewardPerHour=12.5&targetTimeframe=2.5&projectionInvestment=500&projectionMonths=24&cur=eur',
    );
    expect(params.standbyNodes).toBe(300);
    expect(params.rewardPerHour).toBe(12.5);
    expect(params.shmPrice).toBe(0.1265); // hex is not a number here
    expect(params.totalNodes).toBe(256); // at least 1
    expect(params.targetTimeframe).toBe(12); // whole months
    expect(projection).toEqual({ investmentAmount: 500, projectionMonths: 24, projectedShmPrice: 1 });
  });

  it('when the projection request is built, then it takes the calculator parameters it depends on', () => {
    const request = projectionParamsOf(readInputs('?nodeCostPerMonth=40&activePeriodHours=2'));
    expect(request).toMatchObject({ nodeCostPerMonth: 40, shmStake: 2400, investmentAmount: 10_000, activePeriodHours: 2 });
    expect(Object.hasOwn(projectionParamsOf(readInputs('')), 'activePeriodHours')).toBe(false);
  });
});
