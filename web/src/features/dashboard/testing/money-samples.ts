import type { LedgerPeriodRow, NodeMoneyReply, UnstakeDiagnosis } from '@shm/contracts';

export const moneyKey = 'c0ffee00'.repeat(8);
export const nominator = '0x2222222222222222222222222222222222222222';
const SHM = 10n ** 18n;
const wei = (shm: bigint) => (shm * SHM).toString();
const factor = { stabilityScaleMul: 10_000_000, stabilityScaleDiv: 24_649 };

const period = (index: number, start: string, end: string, seconds: number, shmPerHour: bigint, over: Partial<LedgerPeriodRow>): LedgerPeriodRow => ({
  kind: 'period',
  index,
  start,
  end,
  seconds,
  ratePerIntervalWei: wei(shmPerHour),
  rule: 'same',
  activationRatePerHour: Number(shmPerHour),
  claimRatePerHour: Number(shmPerHour),
  ...factor,
  amountWei: ((shmPerHour * SHM * BigInt(seconds)) / 3600n).toString(),
  amountSource: 'claim-receipt',
  check: 'ok',
  price: { day: end.slice(0, 10), price: null, source: 'none' },
  value: null,
  txHash: `0xclaim${index}`,
  ...over,
});

/*
 * Worked by hand. Staked 2,400 SHM on Nov 1. Three periods:
 *   1. Nov 2 00:00–03:00, 10,800 s at 10 SHM/h (same rate) = 30 SHM; at $0.12 → $3.60.
 *   2. Nov 5 12:00–13:30, 5,400 s at 12 SHM/h (10 at activation, 12 at the claim) = 18 SHM; at $0.125 → $2.25.
 *   3. Nov 7 06:00–06:20, 1,200 s at 12 SHM/h (12 at activation, 10 at the claim) = 4 SHM; no price that day.
 * A penalty (left early) of 480 SHM (20 % of 2,400) on Nov 6 at $0.11 cost $52.80.
 * Unstaked Nov 9: stake 1,920 + reward 52 − fee 4.056959714390036106 = 1,967.943040285609963894 SHM;
 * the 52 SHM reward at $0.13 is $6.76 received. Accrual: 52 SHM, $5.85 valued (Nov 7 has no price).
 */
export const sampleMoney = (over: Partial<NodeMoneyReply> = {}): NodeMoneyReply => ({
  success: true,
  publicKey: moneyKey,
  currency: 'usd',
  source: { state: 'read', name: 'explorer', detail: 'Read from the explorer', readAt: '2025-11-10T12:00:00.000Z' },
  trackedState: 'gone',
  account: {
    nominator: null,
    stakeLockWei: '0',
    rewardWei: '0',
    penaltyWei: '0',
    rewardStartTime: 0,
    rewardEndTime: 0,
    rewardRateUnits: '24649000000000000',
    totalRewardWei: wei(52n),
    totalPenaltyWei: wei(480n),
  },
  operator: null,
  network: { ...factor, rewardUnits: '24649000000000000', rewardIntervalMs: 3_600_000, txFeeWei: '4056959714390036106' },
  ledger: [
    { kind: 'stake', at: '2025-11-01T09:00:00.000Z', amountWei: wei(2400n), txHash: '0xstake' },
    period(1, '2025-11-02T00:00:00.000Z', '2025-11-02T03:00:00.000Z', 10_800, 10n, { price: { day: '2025-11-02', price: 0.12, source: 'history' }, value: 3.6 }),
    period(2, '2025-11-05T12:00:00.000Z', '2025-11-05T13:30:00.000Z', 5_400, 12n, {
      rule: 'claim',
      activationRatePerHour: 10,
      price: { day: '2025-11-05', price: 0.125, source: 'price-api' },
      value: 2.25,
    }),
    { kind: 'penalty', at: '2025-11-06T08:00:00.000Z', violation: 'left-early', amountWei: wei(480n), price: { day: '2025-11-06', price: 0.11, source: 'history' }, value: 52.8, txHash: '0xpenalty' },
    period(3, '2025-11-07T06:00:00.000Z', '2025-11-07T06:20:00.000Z', 1_200, 12n, { rule: 'activation', claimRatePerHour: 10 }),
    {
      kind: 'unstake',
      at: '2025-11-09T10:00:00.000Z',
      stakeWei: wei(1920n),
      rewardWei: wei(52n),
      penaltyWei: wei(480n),
      feeWei: '4056959714390036106',
      payoutWei: '1967943040285609963894',
      price: { day: '2025-11-09', price: 0.13, source: 'history' },
      value: 6.76,
      txHash: '0xunstake',
    },
  ],
  reconciliation: {
    ok: true,
    chainTotalRewardWei: wei(52n),
    ledgerTotalRewardWei: wei(52n),
    chainRewardWei: '0',
    ledgerOpenRewardWei: '0',
    problems: [],
    model: { earnedSHM: 50, chainSHM: 52, differenceSHM: 2, explanations: ['Period 2 was paid at the rate at its claim (12 SHM/h), above the 10 SHM/h the model used: +3 SHM.'] },
  },
  income: { accrual: { shmWei: wei(52n), value: 5.85 }, receipt: { shmWei: wei(52n), value: 6.76 }, missingPriceDays: ['2025-11-07'] },
  unstake: sampleDiagnosis('no-stake'),
  ...over,
});

/** A diagnosis per state, with the chain's refusals word for word (shardeum verifyStake.ts, index.ts). */
export function sampleDiagnosis(state: UnstakeDiagnosis['state'], over: Partial<UnstakeDiagnosis> = {}): UnstakeDiagnosis {
  const payout = { stakeWei: wei(2400n), rewardWei: wei(20n), feeWei: '4056959714390036106', payoutWei: '2415943040285609963894' };
  const refusals: Record<UnstakeDiagnosis['state'], string | null> = {
    'no-stake': 'There is no staked amount in this node!',
    'other-wallet': "This node is staked by another account. You can't unstake it!",
    standby: "This node is in the network's Standby list. You can unstake only after the node leaves the Standby list!",
    active: 'This node is still active in the network. You can unstake only after the node leaves the network!',
    'no-end-time': "No reward endTime set, can't unstake node yet",
    'cert-not-expired': 'Unable to apply Unstake tx because stake cert has not yet expired. Expiry timestamp 1763728200000',
    'can-unstake': null,
  };
  return {
    state,
    canUnstake: state === 'can-unstake',
    rule: `Rule for ${state}.`,
    refusal: refusals[state],
    changes: state === 'cert-not-expired' ? { at: '2025-11-21T12:30:00.000Z', text: 'When the stake certificate expires.' } : { at: null, text: `Changes for ${state}.` },
    wallet: nominator,
    payout: state === 'no-stake' ? null : payout,
    forcedForfeitsRewardWei: state === 'no-end-time' ? wei(20n) : null,
    ...over,
  };
}
