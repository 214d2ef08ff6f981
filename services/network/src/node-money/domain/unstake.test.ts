import type { NodeStateOrUnknown } from '@shm/contracts';
import type { ChainAccountsRead, NodeAccountRead, OperatorAccountRead } from '../ports';
import { diagnoseUnstake } from './unstake';
import { KEY, NOMINATOR } from './testing/three-periods';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const OTHER = '0x00000000000000000000000000000000000b0b00';
const STAKE = 2_400n * 10n ** 18n;
const REWARD = 35n * 10n ** 18n;
// 1e16 × 10,000,000 / 24,649, rounded down.
const FEE = 4_056_959_714_390_036_106n;

/** A node staked by NOMINATOR that was active once (reward 35 SHM claimed), now out of every list. */
function staked(): ChainAccountsRead & { node: NodeAccountRead; operator: OperatorAccountRead } {
  return {
    node: {
      nominator: NOMINATOR,
      stakeLock: STAKE,
      reward: REWARD,
      penalty: 0n,
      rewardStartTime: 1_795_000_000,
      rewardEndTime: 1_795_012_600,
      rewardRate: 24_649n * 10n ** 12n,
      totalReward: REWARD,
      totalPenalty: 0n,
      history: [{ b: 1_795_000_000, e: 1_795_012_600 }],
      penaltyHistory: [],
    },
    operator: { address: NOMINATOR, stake: STAKE, nominee: KEY, certExp: NOW - 60_000 },
    network: { rewardUnits: 24_649n * 10n ** 12n, rewardIntervalMs: 3_600_000, stabilityScaleMul: 10_000_000, stabilityScaleDiv: 24_649 },
    transactions: null,
  };
}

const diagnose = (read: ChainAccountsRead, trackedState: NodeStateOrUnknown = 'gone', wallet: string | undefined = NOMINATOR) =>
  diagnoseUnstake({ read, publicKey: KEY, wallet, trackedState, standbyTtlCycles: 1440, cycleSeconds: 60, now: NOW });

describe('can I unstake now?', () => {
  // The refusal texts as shardeum c08fc1e2 writes them (src/tx/staking/verifyStake.ts, src/index.ts).
  const cases: [string, () => ReturnType<typeof diagnose>, string, string | null][] = [
    ['no stake', () => diagnose({ ...staked(), node: { ...staked().node, nominator: null, stakeLock: 0n } }), 'no-stake', 'No one has staked to this account!'],
    ['staked by another wallet', () => diagnose(staked(), 'gone', OTHER), 'other-wallet', "This node is staked by another account. You can't unstake it!"],
    ['on the standby list', () => diagnose(staked(), 'standby'), 'standby', "This node is in the network's Standby list. You can unstake only after the node leaves the Standby list!"],
    ['active', () => diagnose(staked(), 'active'), 'active', 'This node is still active in the network. You can unstake only after the node leaves the network!'],
    ['gone without an end time', () => diagnose({ ...staked(), node: { ...staked().node, rewardEndTime: 0 } }), 'no-end-time', "No reward endTime set, can't unstake node yet"],
    [
      'certificate not yet expired',
      () => diagnose({ ...staked(), operator: { ...staked().operator, certExp: NOW + 3_600_000 } }),
      'cert-not-expired',
      `Unable to apply Unstake tx because stake cert has not yet expired. Expiry timestamp ${NOW + 3_600_000}`,
    ],
    ['gone with an end time', () => diagnose(staked()), 'can-unstake', null],
  ];

  it.each(cases)('when the node is %s, then the answer is the chain’s', (_name, run, state, refusal) => {
    const answer = run();
    expect([answer.state, answer.refusal, answer.canUnstake]).toEqual([state, refusal, state === 'can-unstake']);
  });

  it('when it can unstake, then the payout is stake + reward − fee to the wei', () => {
    // 2,400 + 35 − 4.056959714390036106 = 2,430.943040285609963894 SHM
    expect(diagnose(staked()).payout).toEqual({
      stakeWei: STAKE.toString(),
      rewardWei: REWARD.toString(),
      feeWei: FEE.toString(),
      payoutWei: '2430943040285609963894',
    });
  });

  it('when the reward end time is missing, then a forced unstake is said to forfeit the reward', () => {
    const answer = diagnose({ ...staked(), node: { ...staked().node, rewardEndTime: 0 } });
    expect(answer.forcedForfeitsRewardWei).toBe(REWARD.toString());
    expect(diagnose(staked()).forcedForfeitsRewardWei).toBeNull();
  });

  it('when the certificate has not expired, then the answer changes at its expiry', () => {
    const answer = diagnose({ ...staked(), operator: { ...staked().operator, certExp: NOW + 3_600_000 } });
    expect(answer.changes.at).toBe('2026-11-28T13:00:00.000Z');
  });

  it('when the node was never staked, then the chain has no account and says the node is not found', () => {
    const answer = diagnose({ ...staked(), node: null, operator: null });
    expect([answer.state, answer.refusal, answer.payout]).toEqual(['no-stake', 'This nominee node is not found!', null]);
  });

  it('when a nominator is set but the stake is gone, then the chain says there is no staked amount', () => {
    expect(diagnose({ ...staked(), node: { ...staked().node, stakeLock: 0n } }).refusal).toBe('There is no staked amount in this node!');
  });

  it('when a penalty took part of the stake, then the payout returns the operator’s stake, net of it', () => {
    const penalized = 1_920n * 10n ** 18n;
    const read = { ...staked(), operator: { ...staked().operator, stake: penalized } };
    // 1,920 + 35 − 4.056959714390036106
    expect(diagnose(read).payout?.payoutWei).toBe('1950943040285609963894');
  });
});
