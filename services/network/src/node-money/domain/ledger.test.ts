import type { DayPrice } from '@shm/contracts';
import type { ChainAccountsRead } from '../ports';
import { buildLedger, formatShm, valueOf } from './ledger';
import { HAND, historyOf, PRICES_USD, threePeriodRead, TIMES, VALUES } from './testing/three-periods';

const prices = (table: Record<string, number>) =>
  new Map<string, DayPrice>(Object.entries(table).map(([day, price]) => [day, { day, price, source: 'price-api' as const }]));
const TEN = () => 10;
const build = (read: ChainAccountsRead, table = PRICES_USD) => buildLedger({ read, rateAt: TEN, knownRates: [10], prices: prices(table) });

describe('the earnings ledger', () => {
  it('when a node staked, ran three periods, was penalized and unstaked, then the ledger has exactly those rows, to the wei and the cent', () => {
    const { rows, problems, totalWei, openWei } = build(threePeriodRead());
    expect(problems).toEqual([]);
    expect(rows.map((row) => row.kind)).toEqual(['stake', 'period', 'period', 'penalty', 'period', 'unstake']);
    const periods = rows.filter((row) => row.kind === 'period');
    expect(periods.map((row) => [row.start, row.end, row.seconds, row.amountWei, row.value, row.rule, row.check])).toEqual([
      [TIMES.p1[0], TIMES.p1[1], 7200, HAND.p1.toString(), VALUES.p1, 'same', 'ok'],
      [TIMES.p2[0], TIMES.p2[1], 11_700, HAND.p2.toString(), VALUES.p2, 'same', 'ok'],
      [TIMES.p3[0], TIMES.p3[1], 2233, HAND.p3.toString(), VALUES.p3, 'same', 'ok'],
    ]);
    // 10 SHM per hour, in wei, after the stability factor.
    expect(periods.every((row) => row.ratePerIntervalWei === '10000000000000000000')).toBe(true);
    const penalty = rows.find((row) => row.kind === 'penalty');
    expect(penalty).toMatchObject({ violation: 'syncing-too-long', amountWei: HAND.penalty.toString(), value: VALUES.penalty });
    const unstake = rows.find((row) => row.kind === 'unstake');
    expect(unstake).toMatchObject({ rewardWei: HAND.reward.toString(), feeWei: HAND.fee.toString(), payoutWei: HAND.payout.toString(), value: VALUES.unstake });
    expect(totalWei).toBe(HAND.reward);
    // The unstake emptied the account's reward, so nothing is open.
    expect(openWei).toBe(0n);
  });

  it("when one period's end is changed in the account's history, then the ledger says so", () => {
    const read = threePeriodRead();
    read.node.history = historyOf().map((period, at) => (at === 1 ? { ...period, e: period.e + 60 } : period));
    const { problems, rows } = build(read);
    expect(rows.filter((row) => row.kind === 'period').map((row) => row.kind === 'period' && row.check)).toEqual(['ok', 'mismatch', 'ok']);
    expect(problems).toEqual([
      'Period 2 ends at 2026-11-05T01:46:00.000Z in the account\'s history, but its claim receipt says 2026-11-05T01:45:00.000Z.',
      expect.stringMatching(/^Period 2 \(11760 s\) was credited 32\.5 SHM: 9\.948980 SHM\/h, which the chain's rule does not give/),
    ]);
  });

  it('when only the accounts can be read (no transactions), then periods follow the rule at the current rate and a changed end breaks the total', () => {
    const read: ChainAccountsRead = { ...threePeriodRead(), transactions: null };
    const clean = build(read);
    expect(clean.problems).toEqual([]);
    expect(clean.rows.map((row) => row.kind)).toEqual(['period', 'period', 'penalty', 'period']);
    expect(clean.rows.every((row) => row.kind !== 'period' || (row.amountSource === 'computed' && row.check === 'unverified'))).toBe(true);
    // One more minute in the first period: 1/60 h × 10 SHM.
    const longer = { ...read, node: { ...threePeriodRead().node, history: historyOf().map((period, at) => (at === 0 ? { ...period, e: period.e + 60 } : period)) } };
    expect(build(longer).problems).toEqual([
      "The periods add up to 58.869444444444444443 SHM; the account's total reward (nodeAccountStats.totalReward) is 58.702777777777777777 SHM, -0.166666666666666666 SHM apart.",
    ]);
  });

  it('when the rate was cut during a period, then the chain paid the rate at activation and the ledger says which rule chose it', () => {
    const read = threePeriodRead();
    // 8 SHM/h from 11:00 on 2 November until the next day, 10 before and after.
    const [cut, back] = [Date.parse('2026-11-02T11:00:00.000Z'), Date.parse('2026-11-03T00:00:00.000Z')];
    const rateAt = (ms: number) => (ms >= cut && ms < back ? 8 : 10);
    const { rows, problems } = buildLedger({ read, rateAt, knownRates: [10, 8], prices: prices(PRICES_USD) });
    expect(problems).toEqual([]);
    const first = rows.find((row) => row.kind === 'period');
    expect(first).toMatchObject({ rule: 'activation', activationRatePerHour: 10, claimRatePerHour: 8, check: 'ok' });
  });

  it('when a left-early penalty ended a period, then that period has no claim and no credit, and nothing is flagged', () => {
    const read = threePeriodRead();
    // The node dropped out at 09:00 on 7 November, 20 minutes after its activation; the chain pushed the period itself.
    const [b, e] = [Date.parse('2026-11-07T08:40:00.000Z') / 1000, Date.parse('2026-11-07T09:00:00.000Z') / 1000];
    read.node.history = [...historyOf().slice(0, 2), { b, e }, ...historyOf().slice(2)];
    read.node.penaltyHistory = [{ type: 1000, amount: HAND.penalty, timestamp: e }];
    const { rows, problems } = build(read);
    expect(problems).toEqual([]);
    const periods = rows.filter((row) => row.kind === 'period');
    expect(periods.map((row) => row.kind === 'period' && [row.index, row.seconds, row.amountWei, row.txHash])).toEqual([
      [1, 7200, HAND.p1.toString(), '0xc1'],
      [2, 11_700, HAND.p2.toString(), '0xc2'],
      [3, 1200, '0', null],
      [4, 2233, HAND.p3.toString(), '0xc3'],
    ]);
  });

  it('when a day has no price, then its rows have no value and say so', () => {
    const { '2026-11-05': _gone, ...table } = PRICES_USD;
    const { rows } = build(threePeriodRead(), table);
    const second = rows.filter((row) => row.kind === 'period')[1];
    expect(second).toMatchObject({ value: null, price: { day: '2026-11-05', price: null, source: 'none' } });
  });

  it('when the account and the unstake receipt disagree on the reward, then the ledger says both figures', () => {
    const read = threePeriodRead();
    read.transactions.unstakes = read.transactions.unstakes.map((unstake) => ({ ...unstake, reward: unstake.reward - 1n }));
    expect(build(read).problems).toEqual([
      'Unstake 1 paid a reward of 58.702777777777777776 SHM; the periods since the previous stake add up to 58.702777777777777777 SHM.',
    ]);
  });
});

describe('money figures', () => {
  it.each([
    [0n, '0'],
    [20n * 10n ** 18n, '20'],
    [2n * 10n ** 18n + 1n, '2.000000000000000001'],
    [-(10n ** 17n), '-0.1'],
  ])('when %s wei is written as SHM, then it reads %s', (wei, text) => {
    expect(formatShm(wei)).toBe(text);
  });

  it.each([
    [20n * 10n ** 18n, 0.1234, 2.47],
    [325n * 10n ** 17n, 0.1187, 3.86],
    [10n ** 16n, 0.125, 0], // 0.00125 → 0.00
    [4n * 10n ** 16n, 0.125, 0.01], // 0.005 → 0.01 (half up)
    [10n ** 24n, 0.12345678, 123_456.78],
  ])('when %s wei is valued at %s, then it is %s to the cent', (wei, price, cents) => {
    expect(valueOf(wei, price)).toBe(cents);
  });
});
