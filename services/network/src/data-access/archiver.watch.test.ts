import { AccountWatchSchema } from './archiver.watch';

// Shardeum's own network account as it stood on a beta network (shardeum/shardeum c08fc1e
// src/types/NetworkAccount.ts, `Beta1_11_2NetworkAccountJson`), trimmed to the fields read here.
const SHARDEUM_BETA = {
  accountType: 5,
  current: {
    activeVersion: '1.11.0',
    archiver: { activeVersion: '3.4.12', latestVersion: '3.4.12', minVersion: '3.4.12' },
    latestVersion: '1.11.2',
    minVersion: '1.11.2',
    nodePenaltyUsd: { dataType: 'bi', value: '8ac7230489e80000' },
    nodeRewardAmountUsd: { dataType: 'bi', value: 'de0b6b3a7640000' },
    nodeRewardInterval: 3_600_000,
    stabilityScaleDiv: 1000,
    stabilityScaleMul: 1000,
    stakeRequiredUsd: { dataType: 'bi', value: '8ac7230489e80000' },
    txPause: false,
  },
  listOfChanges: [
    { appData: { latestVersion: '1.11.2' }, change: {}, cycle: 3807 },
    { appData: { minVersion: '1.11.2' }, change: {}, cycle: 3808 },
    { change: { p2p: { minNodes: 15 } }, cycle: 1 },
  ],
  next: {},
};

describe('the network account read for the watch', () => {
  it("when shardeum's own account is read, then the values in force and the listed parameter changes come out in whole units, Shardus-only changes left out", () => {
    // By hand: 0xde0b6b3a7640000 = 10^18 → 1 unit; 0x8ac7230489e80000 = 10^19 → 10 units.
    expect(AccountWatchSchema.parse(SHARDEUM_BETA)).toEqual({
      current: {
        nodeRewardAmountUsd: 1,
        nodeRewardInterval: 3_600_000,
        stakeRequiredUsd: 10,
        stabilityScaleMul: 1000,
        stabilityScaleDiv: 1000,
        minVersion: '1.11.2',
        activeVersion: '1.11.0',
        latestVersion: '1.11.2',
        'archiver.minVersion': '3.4.12',
      },
      listed: [
        { cycle: 3807, values: { latestVersion: '1.11.2' } },
        { cycle: 3808, values: { minVersion: '1.11.2' } },
      ],
    });
  });

  it('when `next` names parameters, then they are listed without a cycle', () => {
    const watch = AccountWatchSchema.parse({ ...SHARDEUM_BETA, next: { nodeRewardAmountUsd: { dataType: 'bi', value: 'de0b6b3a7640000' }, enableNodeSlashing: true } });
    expect(watch.listed.at(-1)).toEqual({ cycle: null, values: { nodeRewardAmountUsd: 1, enableNodeSlashing: true } });
  });
});
