import { buildChainNode, type ChainEvent, type ChainNodeScript } from './chain-ledger';
import { DEFAULT_ACCOUNT } from './network-account';
import { ScriptError } from './scripted-nodes';

// Worked by hand from the default network account (10 SHM/h: 24649e12 units × 10 000 000 / 24 649 = 1e19 wei an hour):
//   2 h → 20 SHM, 1 h → 10 SHM, 30 min → 5 SHM; reward 35 SHM.
//   fee = 1e16 × 10 000 000 / 24 649 = 4 056 959 714 390 036 106.9… → 4 056 959 714 390 036 106 wei.
//   penalty 480 SHM: stakeLock and the wallet's stake 2400 − 480 = 1920 SHM.
//   unstake payout = 1920 + 35 SHM − fee = 1 950 943 040 285 609 963 894 wei.
//   wallet: 10 000 − (2400 + fee) + (1955 − fee) = 9 546 886 080 571 219 927 788 wei.
const SHM = 10n ** 18n;
const FEE = 4_056_959_714_390_036_106n;
const K = 'a1'.repeat(32);
const WALLET = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';
const T0 = Date.UTC(2026, 9, 1); // ms, 2026-10-01 00:00 UTC
const S0 = T0 / 1000;
const DAY = 86_400;
const cycleOf = (ms: number) => Math.floor(ms / 60_000);

const PERIODS: ChainEvent[] = [
  { type: 'stake', at: T0, amountWei: 2400n * SHM },
  { type: 'activate', at: S0 + 600 },
  { type: 'claim', at: S0 + 600 + 7200 },
  { type: 'activate', at: S0 + DAY },
  { type: 'claim', at: S0 + DAY + 3600 },
  { type: 'activate', at: S0 + 2 * DAY },
  { type: 'claim', at: S0 + 2 * DAY + 1800 },
  { type: 'penalty', at: (S0 + 2 * DAY + 3600) * 1000, violation: 1003, amountWei: 480n * SHM },
];
const UNSTAKE: ChainEvent = { type: 'unstake', at: (S0 + 4 * DAY) * 1000 };
const script = (events: ChainEvent[], extra: Partial<ChainNodeScript> = {}): ChainNodeScript => ({ nominator: WALLET, certExp: T0 + 3 * DAY * 1000, events, ...extra });
const build = (s: ChainNodeScript) => buildChainNode(K, s, DEFAULT_ACCOUNT, cycleOf);

interface Node {
  stakeLock: bigint;
  reward: bigint;
  penalty: bigint;
  rewardStartTime: number;
  rewardEndTime: number;
  rewarded: boolean;
  nominator: string | null;
  nodeAccountStats: { totalReward: bigint; totalPenalty: bigint; history: { b: number; e: number }[]; penaltyHistory: { type: number; amount: bigint; timestamp: number }[] };
}
interface Operator {
  account: { nonce: bigint; balance: bigint };
  operatorAccountInfo: { stake: bigint; nominee: string | null; certExp: number | null; operatorStats: { totalNodeReward: bigint; totalUnstakeReward: bigint; unstakeCount: number } };
}
const readable = (r: { receipt: Record<string, unknown> }) => r.receipt.readableReceipt as Record<string, unknown>;

describe('chain ledger: a node’s money by Shardeum’s rules', () => {
  it('when a node has three active periods and a penalty, then its account holds 20 + 10 + 5 SHM to the wei and the stake less the penalty', () => {
    const chain = build(script(PERIODS));
    const node = chain.node as unknown as Node;
    expect(node.reward).toBe(35n * SHM);
    expect(node.nodeAccountStats.totalReward).toBe(35n * SHM);
    expect(node.nodeAccountStats.history).toEqual([
      { b: S0 + 600, e: S0 + 7800 },
      { b: S0 + DAY, e: S0 + DAY + 3600 },
      { b: S0 + 2 * DAY, e: S0 + 2 * DAY + 1800 },
    ]);
    expect([node.stakeLock, node.penalty, node.nodeAccountStats.totalPenalty]).toEqual([1920n * SHM, 480n * SHM, 480n * SHM]);
    // The chain records the violation's time in seconds.
    expect(node.nodeAccountStats.penaltyHistory).toEqual([{ type: 1003, amount: 480n * SHM, timestamp: S0 + 2 * DAY + 3600 }]);
    const claims = chain.receipts.filter((r) => r.internalTXType === 9).map((r) => readable(r).rewardAmount);
    expect(claims).toEqual([20n * SHM, 10n * SHM, 5n * SHM]);
    const operator = chain.operator as unknown as Operator;
    expect(operator.operatorAccountInfo.stake).toBe(1920n * SHM);
    expect(operator.account.balance).toBe(10_000n * SHM - 2400n * SHM - FEE);
  });

  it('when the node unstakes, then the receipt pays stake + reward − fee and the accounts are reset as the chain resets them', () => {
    const chain = build(script([...PERIODS, UNSTAKE]));
    const unstake = chain.receipts.at(-1);
    if (!unstake) throw new Error('no unstake receipt');
    expect(readable(unstake).stakeInfo).toEqual({ nominee: K, stake: 1920n * SHM, reward: 35n * SHM, penalty: 480n * SHM, totalUnstakeAmount: 1955n * SHM });
    expect(unstake.receipt.amountSpent).toBe('0x384d375d9449ce8a');
    expect(1955n * SHM - FEE).toBe(1_950_943_040_285_609_963_894n);
    const operator = chain.operator as unknown as Operator;
    expect(operator.account.balance).toBe(9_546_886_080_571_219_927_788n);
    expect(operator.account.nonce).toBe(2n);
    expect(operator.operatorAccountInfo).toMatchObject({ stake: 0n, nominee: null, certExp: null, operatorStats: { totalNodeReward: 35n * SHM, totalUnstakeReward: 35n * SHM, unstakeCount: 1 } });
    const node = chain.node as unknown as Node;
    expect(node).toMatchObject({ nominator: null, stakeLock: 0n, reward: 0n, penalty: 0n, rewardStartTime: 0, rewardEndTime: 0, rewarded: false });
    // The stats are history: the unstake leaves them.
    expect(node.nodeAccountStats.totalReward).toBe(35n * SHM);
  });

  it('when the rate at activation was higher than at the claim, then the claim pays the higher one', () => {
    const events: ChainEvent[] = [
      { type: 'stake', at: T0, amountWei: 2400n * SHM },
      { type: 'activate', at: S0, rateUnits: 2n * DEFAULT_ACCOUNT.rewardUnits },
      { type: 'claim', at: S0 + 3600 },
      { type: 'activate', at: S0 + DAY },
      { type: 'claim', at: S0 + DAY + 3600, rateUnits: 3n * DEFAULT_ACCOUNT.rewardUnits },
    ];
    expect((build(script(events)).node as unknown as Node).reward).toBe(20n * SHM + 30n * SHM);
  });

  it('when one period’s end is tampered with, then only the history entry moves and the receipts keep the chain’s values', () => {
    const chain = build(script(PERIODS, { tamper: { historyEndIndex: 1, deltaSeconds: 600 } }));
    const node = chain.node as unknown as Node;
    expect(node.nodeAccountStats.history[1]).toEqual({ b: S0 + DAY, e: S0 + DAY + 4200 });
    expect(node.reward).toBe(35n * SHM);
    const second = chain.receipts.filter((r) => r.internalTXType === 9)[1];
    expect(second && readable(second).internalTx).toMatchObject({ nodeDeactivatedTime: S0 + DAY + 3600, nominee: K, nominator: WALLET.toLowerCase() });
  });

  it('when a forced unstake comes while the node has no reward end time, then the reward is forfeited; unforced, it is refused', () => {
    const active: ChainEvent[] = [...PERIODS.slice(0, 3), { type: 'activate', at: S0 + DAY }];
    expect(() => build(script([...active, UNSTAKE]))).toThrow(/no reward end time/);
    const forced = build(script([...active, { ...UNSTAKE, force: true }]));
    const unstake = forced.receipts.at(-1);
    expect(unstake && readable(unstake).stakeInfo).toMatchObject({ stake: 2400n * SHM, reward: 0n, totalUnstakeAmount: 2400n * SHM });
    expect((forced.operator as unknown as Operator).account.balance).toBe(10_000n * SHM - 2n * FEE);
  });

  it('when an event breaks the chain’s rules, then it is refused with the chain’s reason', () => {
    expect(() => build(script([...PERIODS, { type: 'unstake', at: T0 + 1000 }]))).toThrow(/stake cert has not yet expired/);
    expect(() => build(script([...PERIODS.slice(0, 3), { type: 'claim', at: S0 + 9000 }]))).toThrow(/already rewarded/);
    expect(() => build(script([PERIODS[0] as ChainEvent, { type: 'penalty', at: T0, violation: 1002, amountWei: 1n }]))).toThrow(ScriptError);
    expect(() => build(script([{ type: 'stake', at: T0, amountWei: 20_000n * SHM }]))).toThrow(/enough balance/);
  });

  it('when a node leaves early with a period open, then the penalty ends the period with no reward', () => {
    const events: ChainEvent[] = [PERIODS[0] as ChainEvent, { type: 'activate', at: S0 + 600 }, { type: 'penalty', at: (S0 + 4200) * 1000, violation: 1000, amountWei: 480n * SHM }];
    const node = build(script(events)).node as unknown as Node;
    expect([node.rewardEndTime, node.reward, node.nodeAccountStats.history]).toEqual([S0 + 4200, 0n, [{ b: S0 + 600, e: S0 + 4200 }]]);
  });
});
