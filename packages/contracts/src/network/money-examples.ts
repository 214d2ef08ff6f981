import type { NodeMoneyReply } from './money-schemas';

const KEY = '9f3c1b7e2a5d4c8f0e6b1a2d3c4e5f60718293a4b5c6d7e8f901122334455667';
const WALLET = '0x3e1b2c4d5f60718293a4b5c6d7e8f90112233445';

/*
 * Worked by hand: staked 2,400 SHM; one period of 2 h (7,200 s) at 10 SHM/h (24,649e12 units ×
 * 10,000,000 / 24,649 = 1e19 wei per hour) = 2e19 wei = 20 SHM, claimed; at $0.12 that day, $2.40.
 * The node is gone with its end time set and its certificate expired, so it can unstake:
 * fee = 1e16 × 10,000,000 / 24,649 = 4,056,959,714,390,036,106 wei; payout = 2,400e18 + 20e18 − fee.
 */
export const nodeMoneyExample: NodeMoneyReply = {
  success: true,
  publicKey: KEY,
  currency: 'usd',
  source: { state: 'read', name: 'explorer', detail: 'Read from the explorer', readAt: '2025-11-21T12:30:00.000Z' },
  trackedState: 'gone',
  account: {
    nominator: WALLET,
    stakeLockWei: '2400000000000000000000',
    rewardWei: '20000000000000000000',
    penaltyWei: '0',
    rewardStartTime: 1763632800,
    rewardEndTime: 1763640000,
    rewardRateUnits: '24649000000000000',
    totalRewardWei: '20000000000000000000',
    totalPenaltyWei: '0',
  },
  operator: {
    address: WALLET,
    stakeWei: '2400000000000000000000',
    nominee: KEY,
    certExp: 1763641800000,
    stats: { totalNodeRewardWei: '20000000000000000000', totalNodePenaltyWei: '0', totalNodeTime: 7200, totalUnstakeRewardWei: '0', unstakeCount: 0 },
  },
  network: { stabilityScaleMul: 10_000_000, stabilityScaleDiv: 24_649, rewardUnits: '24649000000000000', rewardIntervalMs: 3_600_000, txFeeWei: '4056959714390036106' },
  ledger: [
    { kind: 'stake', at: '2025-11-19T09:00:00.000Z', amountWei: '2400000000000000000000', txHash: '0x5b1e…' },
    {
      kind: 'period',
      index: 1,
      start: '2025-11-20T10:00:00.000Z',
      end: '2025-11-20T12:00:00.000Z',
      seconds: 7200,
      ratePerIntervalWei: '10000000000000000000',
      rule: 'same',
      activationRatePerHour: 10,
      claimRatePerHour: 10,
      stabilityScaleMul: 10_000_000,
      stabilityScaleDiv: 24_649,
      amountWei: '20000000000000000000',
      amountSource: 'claim-receipt',
      check: 'ok',
      price: { day: '2025-11-20', price: 0.12, source: 'history' },
      value: 2.4,
      txHash: '0x9a4c…',
    },
  ],
  reconciliation: {
    ok: true,
    chainTotalRewardWei: '20000000000000000000',
    ledgerTotalRewardWei: '20000000000000000000',
    chainRewardWei: '20000000000000000000',
    ledgerOpenRewardWei: '20000000000000000000',
    problems: [],
    model: { earnedSHM: 20, chainSHM: 20, differenceSHM: 0, explanations: [] },
  },
  income: { accrual: { shmWei: '20000000000000000000', value: 2.4 }, receipt: { shmWei: '0', value: 0 }, missingPriceDays: [] },
  unstake: {
    state: 'can-unstake',
    canUnstake: true,
    rule: 'The node has left the network, its reward end time is set and its stake certificate has expired.',
    refusal: null,
    changes: { at: null, text: 'It can be unstaked now.' },
    wallet: WALLET,
    payout: { stakeWei: '2400000000000000000000', rewardWei: '20000000000000000000', feeWei: '4056959714390036106', payoutWei: '2415943040285609963894' },
    forcedForfeitsRewardWei: null,
  },
};
