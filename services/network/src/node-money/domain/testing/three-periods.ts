// The acceptance node of issue 34, worked by hand (docs/node-money.md): staked 2,400 SHM; three
// active periods at 10 SHM/h; a 480 SHM syncing-too-long penalty; an unstake. The network's terms are the
// stand-in's (24,649e12 units × 10,000,000 / 24,649 = 1e19 wei = 10 SHM per 3,600,000 ms).
import type { ChainAccountsRead, ChainTransactions, NodeAccountRead } from '../../ports';

export const KEY = 'a1'.repeat(32);
export const NOMINATOR = '0x00000000000000000000000000000000000a11ce';

const s = (isoTime: string) => Date.parse(isoTime) / 1000;
const ms = (isoTime: string) => Date.parse(isoTime);

export const TIMES = {
  stake: '2026-11-01T09:00:00.000Z',
  p1: ['2026-11-02T10:00:00.000Z', '2026-11-02T12:00:00.000Z'], // 7,200 s
  p2: ['2026-11-04T22:30:00.000Z', '2026-11-05T01:45:00.000Z'], // 11,700 s
  penalty: '2026-11-06T08:00:00.000Z',
  p3: ['2026-11-08T06:00:00.000Z', '2026-11-08T06:37:13.000Z'], // 2,233 s
  unstake: '2026-11-09T15:00:00.000Z',
} as const;

/** Hand-worked amounts: seconds × 1e19 / 3,600 wei, rounded down as the chain divides. */
export const HAND = {
  p1: 20_000_000_000_000_000_000n, // 7,200 s → 20 SHM
  p2: 32_500_000_000_000_000_000n, // 11,700 s → 32.5 SHM
  p3: 6_202_777_777_777_777_777n, // 2,233 s → 22,330,000,000,000,000,000,000 / 3,600 = 6,202,777,777,777,777,777.7…
  penalty: 480_000_000_000_000_000_000n, // 20 % of 2,400 SHM
  stake: 2_400_000_000_000_000_000_000n,
  fee: 4_056_959_714_390_036_106n, // 1e16 × 10,000,000 / 24,649
  // reward = 20 + 32.5 + 6.202777777777777777 = 58.702777777777777777 SHM
  reward: 58_702_777_777_777_777_777n,
  // payout = (2,400 − 480) + 58.702777777777777777 − 4.056959714390036106
  payout: 1_974_645_818_063_387_741_671n,
};

/** USD per SHM by day (the fixed daily series). */
export const PRICES_USD: Record<string, number> = {
  '2026-11-02': 0.1234,
  '2026-11-05': 0.1187,
  '2026-11-06': 0.115,
  '2026-11-08': 0.1201,
  '2026-11-09': 0.1299,
};

/**
 * Values to the cent, half up: 20 × 0.1234 = 2.468 → 2.47; 32.5 × 0.1187 = 3.85775 → 3.86;
 * 6.2027… × 0.1201 = 0.74495… → 0.74; penalty 480 × 0.115 = 55.20; the unstake's reward
 * 58.7027… × 0.1299 = 7.62549… → 7.63. Accrual 2.47 + 3.86 + 0.74 = 7.07; receipt 7.63.
 */
export const VALUES = { p1: 2.47, p2: 3.86, p3: 0.74, penalty: 55.2, unstake: 7.63, accrual: 7.07, receipt: 7.63 };

/** The accounts and transactions after the unstake, as the chain leaves them (src/index.ts, the Unstake apply). */
/** The account's history: each period's `{ b, e }` in seconds. */
export const historyOf = () => [TIMES.p1, TIMES.p2, TIMES.p3].map(([b, e]) => ({ b: s(b), e: s(e) }));

export function threePeriodRead(): ChainAccountsRead & { node: NodeAccountRead; transactions: ChainTransactions } {
  const periods = historyOf();
  return {
    node: {
      nominator: null,
      stakeLock: 0n,
      reward: 0n,
      penalty: 0n,
      rewardStartTime: 0,
      rewardEndTime: 0,
      rewardRate: 24_649n * 10n ** 12n,
      stakeTimestamp: ms(TIMES.stake),
      totalReward: HAND.reward,
      totalPenalty: HAND.penalty,
      history: periods,
      penaltyHistory: [{ type: 1001, amount: HAND.penalty, timestamp: s(TIMES.penalty) }],
    },
    operator: null,
    network: { rewardUnits: 24_649n * 10n ** 12n, rewardIntervalMs: 3_600_000, stabilityScaleMul: 10_000_000, stabilityScaleDiv: 24_649 },
    transactions: {
      stakes: [{ at: ms(TIMES.stake), nominator: NOMINATOR, amount: HAND.stake, txHash: '0xs1' }],
      claims: [
        { at: ms(TIMES.p1[1]) + 30_000, nodeDeactivatedTime: s(TIMES.p1[1]), rewardAmount: HAND.p1, txHash: '0xc1' },
        { at: ms(TIMES.p2[1]) + 30_000, nodeDeactivatedTime: s(TIMES.p2[1]), rewardAmount: HAND.p2, txHash: '0xc2' },
        { at: ms(TIMES.p3[1]) + 30_000, nodeDeactivatedTime: s(TIMES.p3[1]), rewardAmount: HAND.p3, txHash: '0xc3' },
      ],
      penalties: [{ at: ms(TIMES.penalty), violation: 1001, amount: HAND.penalty, txHash: '0xp1' }],
      unstakes: [{ at: ms(TIMES.unstake), stake: HAND.stake - HAND.penalty, reward: HAND.reward, penalty: HAND.penalty, fee: HAND.fee, txHash: '0xu1' }],
    },
  };
}
