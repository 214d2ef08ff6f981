import { economicsFromAccount } from './network-economics';

describe('economicsFromAccount', () => {
  it('when 1 USD per hour and 240 USD stake at 10 SHM per USD, then 10 SHM/h and 2400 SHM', () => {
    expect(
      economicsFromAccount({
        nodeRewardAmountUsd: 1,
        nodeRewardInterval: 3_600_000,
        stakeRequiredUsd: 240,
        stabilityScaleMul: 10_000,
        stabilityScaleDiv: 1000,
      }),
    ).toEqual({ rewardPerHour: 10, stakeRequired: 2400 });
  });

  it('when the reward interval is a minute, then the hourly reward is 60 times the amount', () => {
    const economics = economicsFromAccount({
      nodeRewardAmountUsd: 0.5,
      nodeRewardInterval: 60_000,
      stakeRequiredUsd: 10,
      stabilityScaleMul: 1000,
      stabilityScaleDiv: 1000,
    });
    expect(economics?.rewardPerHour).toBe(30);
  });

  it('when the divisor is 0, then there are no economics', () => {
    expect(
      economicsFromAccount({
        nodeRewardAmountUsd: 1,
        nodeRewardInterval: 1,
        stakeRequiredUsd: 1,
        stabilityScaleMul: 1,
        stabilityScaleDiv: 0,
      }),
    ).toBeUndefined();
  });
});
