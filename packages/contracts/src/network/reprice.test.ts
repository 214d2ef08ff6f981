import { CALCULATOR_DEFAULTS } from '../defaults';
import { latestFigureChange, repricedParams } from './reprice';
import type { NetworkChange } from './watch-schemas';

const cut: NetworkChange = {
  id: 'nodeRewardAmountUsd@1000=0.0197192',
  cycle: 1000,
  status: 'announced',
  seenAt: '2026-11-28T12:00:00.000Z',
  changes: [{ parameter: 'nodeRewardAmountUsd', from: 0.024649, to: 0.0197192 }],
  before: { rewardPerHour: 10, stakeRequired: 2400 },
  after: { rewardPerHour: 8, stakeRequired: 2400 },
};
const version: NetworkChange = { ...cut, id: 'minVersion@1001=1.17.0', changes: [{ parameter: 'minVersion', from: '1.16.0', to: '1.17.0' }], before: cut.before, after: cut.before };

describe('scenarios re-priced by a network change', () => {
  it('when the reward is cut 10 → 8, then a scenario at 10 SHM/h goes to 8 and one typed at 12 to 9.6, the stake and the rest as saved', () => {
    const atTen = { ...CALCULATOR_DEFAULTS, rewardPerHour: 10, shmStake: 2400 };
    expect(repricedParams(atTen, cut)).toEqual({ ...atTen, rewardPerHour: 8 });
    expect(repricedParams({ ...atTen, rewardPerHour: 12 }, cut).rewardPerHour).toBe(9.6);
  });

  it('when the stability factor halves, then reward and stake both halve', () => {
    const half = { ...cut, before: { rewardPerHour: 10, stakeRequired: 2400 }, after: { rewardPerHour: 5, stakeRequired: 1200 } };
    const p = repricedParams({ ...CALCULATOR_DEFAULTS, rewardPerHour: 10, shmStake: 2400 }, half);
    expect([p.rewardPerHour, p.shmStake]).toEqual([5, 1200]);
  });

  it('when the newest change moves no figure (a minimum version), then the newest one that does is taken', () => {
    expect(latestFigureChange([version, cut])?.id).toBe(cut.id);
    expect(latestFigureChange([version])).toBeUndefined();
  });
});
