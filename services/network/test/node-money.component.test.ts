// Issue 34's acceptance through the running network service (real Redis and MongoDB) against the
// stand-in's chain: the explorer's accounts and receipts, a validator's account route, CoinGecko's
// market_chart/range. The expected figures are worked by hand (domain/testing/three-periods.ts).
import type { NodeMoneyReply, NodeStateOrUnknown } from '@shm/contracts';
import { startArchiverAndPriceStandIn, type StandIn } from '../../../infra/stand-ins/archiver-and-price';
import type { ChainNodeScript } from '../../../infra/stand-ins/chain-ledger';
import { HAND, PRICES_USD, TIMES, VALUES } from '../src/node-money/domain/testing/three-periods';
import { startNetwork, type NetworkUnderTest } from './support/network-under-test';

jest.setTimeout(120_000);

const NOMINATOR = '0x00000000000000000000000000000000000a11ce';
const OTHER = '0x00000000000000000000000000000000000b0b00';
const key = (n: number) => n.toString(16).padStart(2, '0').repeat(32);
const ms = (text: string) => Date.parse(text);
const s = (text: string) => Date.parse(text) / 1000;
const SHM = 10n ** 18n;

/** The acceptance node: staked, three periods, a penalty (syncing too long, 20 % of the stake), an unstake. */
const threePeriods = (): ChainNodeScript => ({
  nominator: NOMINATOR,
  certExp: ms(TIMES.unstake) - 60_000,
  events: [
    { type: 'stake', at: ms(TIMES.stake), amountWei: HAND.stake },
    { type: 'activate', at: s(TIMES.p1[0]) },
    { type: 'claim', at: s(TIMES.p1[1]) },
    { type: 'activate', at: s(TIMES.p2[0]) },
    { type: 'claim', at: s(TIMES.p2[1]) },
    { type: 'penalty', at: ms(TIMES.penalty), violation: 1001, amountWei: HAND.penalty },
    { type: 'activate', at: s(TIMES.p3[0]) },
    { type: 'claim', at: s(TIMES.p3[1]) },
    { type: 'unstake', at: ms(TIMES.unstake) },
  ],
});

describe('a node’s money on the chain (real Redis and MongoDB, stand-in explorer, validator and price API)', () => {
  let standIn: StandIn;
  let network: NetworkUnderTest;
  const extra: NetworkUnderTest[] = [];
  beforeAll(async () => {
    standIn = await startArchiverAndPriceStandIn({ price: { history: { usd: PRICES_USD } } });
    const seed = `${standIn.archiver(0).url}#${standIn.archiver(0).publicKey}`;
    network = await startNetwork({
      ARCHIVER_URLS: seed,
      EXPLORER_API_URL: standIn.url,
      NODE_ACCOUNT_VALIDATOR_URLS: standIn.url,
      PRICE_API_URL: `${standIn.url}/api/v3/simple/price`,
      NODE_MONEY_CACHE_MS: '0',
      CYCLE_RANGES_PER_POLL: '40',
    });
  });
  afterEach(() => standIn.configure({ modes: {} }));
  afterAll(async () => {
    await Promise.all([network.stop(), ...extra.map((n) => n.stop())]);
    await standIn.close();
  });

  const money = async (publicKey: string, query = '') => {
    const res = await network.get<NodeMoneyReply>(`/api/shardeum-network/nodes/${publicKey}/money${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  it('when a node staked, ran three periods, was penalized and unstaked, then the ledger has exactly those rows, to the wei and the cent, and they sum to the account', async () => {
    standIn.scriptChainNode(key(1), threePeriods());
    const reply = await money(key(1));
    expect(reply.source).toMatchObject({ state: 'read', name: 'explorer' });
    const table = reply.ledger.map((row) => {
      if (row.kind === 'stake') return ['stake', row.at, row.amountWei];
      if (row.kind === 'period') return ['period', row.start, row.end, row.seconds, row.amountWei, row.price.price, row.value, row.check];
      if (row.kind === 'penalty') return ['penalty', row.at, row.violation, row.amountWei, row.value];
      return ['unstake', row.at, row.stakeWei, row.rewardWei, row.feeWei, row.payoutWei, row.value];
    });
    expect(table).toEqual([
      ['stake', TIMES.stake, '2400000000000000000000'],
      ['period', TIMES.p1[0], TIMES.p1[1], 7200, '20000000000000000000', 0.1234, 2.47, 'ok'],
      ['period', TIMES.p2[0], TIMES.p2[1], 11_700, '32500000000000000000', 0.1187, 3.86, 'ok'],
      ['penalty', TIMES.penalty, 'syncing-too-long', '480000000000000000000', 55.2],
      ['period', TIMES.p3[0], TIMES.p3[1], 2233, '6202777777777777777', 0.1201, 0.74, 'ok'],
      // The stake less the penalty, the three periods' reward, the fee; paid out 1,974.645818063387741671 SHM.
      ['unstake', TIMES.unstake, '1920000000000000000000', '58702777777777777777', '4056959714390036106', '1974645818063387741671', 7.63],
    ]);
    expect(reply.reconciliation).toMatchObject({
      ok: true,
      problems: [],
      chainTotalRewardWei: HAND.reward.toString(),
      ledgerTotalRewardWei: HAND.reward.toString(),
      // The unstake emptied the account's reward.
      chainRewardWei: '0',
      ledgerOpenRewardWei: '0',
    });
    expect(reply.income).toEqual({
      accrual: { shmWei: HAND.reward.toString(), value: VALUES.accrual },
      receipt: { shmWei: HAND.reward.toString(), value: VALUES.receipt },
      missingPriceDays: [],
    });
    expect(reply.unstake).toMatchObject({ state: 'no-stake', refusal: 'No one has staked to this account!', payout: null });

    // The unstake cleared the node's nominator; asked by the wallet, its operator account shows its lifetime figures:
    // 7,200 + 11,700 + 2,233 = 21,133 s paid, the reward paid out once, the penalty.
    const byWallet = await money(key(1), `?wallet=${NOMINATOR}`);
    expect(byWallet.operator).toEqual({
      address: NOMINATOR,
      stakeWei: '0',
      nominee: null,
      certExp: null,
      stats: {
        totalNodeRewardWei: HAND.reward.toString(),
        totalNodePenaltyWei: HAND.penalty.toString(),
        totalNodeTime: 21_133,
        totalUnstakeRewardWei: HAND.reward.toString(),
        unstakeCount: 1,
      },
    });
  });

  it("when one period's end is changed in the account's history, then the reconciliation shows the error", async () => {
    standIn.scriptChainNode(key(2), { ...threePeriods(), tamper: { historyEndIndex: 1, deltaSeconds: 60 } });
    const { reconciliation } = await money(key(2));
    expect(reconciliation?.ok).toBe(false);
    expect(reconciliation?.problems).toEqual([
      "Period 2 ends at 2026-11-05T01:46:00.000Z in the account's history, but its claim receipt says 2026-11-05T01:45:00.000Z.",
      expect.stringMatching(/^Period 2 \(11760 s\) was credited 32\.5 SHM/),
    ]);
  });

  it('when the explorer is down, then a validator answers the accounts and the ledger follows the rule; when both are down, the node still answers with the sources’ state', async () => {
    standIn.scriptChainNode(key(3), threePeriods());
    standIn.configure({ modes: { 'explorer-account': 'down', 'explorer-transaction': 'down' } });
    const fallback = await money(key(3));
    expect(fallback.source).toMatchObject({ state: 'fallback', name: 'validator' });
    expect(fallback.ledger.filter((row) => row.kind === 'period').map((row) => row.kind === 'period' && [row.amountWei, row.amountSource])).toEqual([
      ['20000000000000000000', 'computed'],
      ['32500000000000000000', 'computed'],
      ['6202777777777777777', 'computed'],
    ]);
    expect(fallback.reconciliation?.problems).toEqual([]);

    standIn.configure({ modes: { 'explorer-account': 'down', 'explorer-transaction': 'down', 'validator-account': 'down' } });
    const none = await money(key(3));
    expect(none.source.state).toBe('unavailable');
    expect(none.source.detail).toMatch(/^The chain's accounts could not be read: the explorer did not answer \(.+\); a validator did not answer \(.+\)\.$/);
    expect([none.account, none.ledger, none.unstake]).toEqual([null, [], null]);
  });

  it('when income is asked in euros, then each day is priced from the price API’s euro history and asked for once', async () => {
    standIn.scriptChainNode(key(4), threePeriods());
    const before = standIn.count('price-history');
    const first = await money(key(4), '?currency=eur');
    const asked = standIn.count('price-history') - before;
    // The stand-in's euro series is the dollar one × 0.86: 2.468 × 0.86 = 2.12248 → 2.12.
    expect(first.ledger.find((row) => row.kind === 'period')).toMatchObject({ price: { day: '2026-11-02', source: 'price-api' }, value: 2.12 });
    expect(asked).toBeGreaterThan(0);
    await money(key(4), '?currency=eur');
    expect(standIn.count('price-history') - before).toBe(asked);
  });

  it('when a query names a bad currency, wallet or key, then the answer is a 400 naming the field', async () => {
    const bad = await Promise.all([
      network.get<{ error: { fields: Record<string, string> } }>(`/api/shardeum-network/nodes/${key(1)}/money?currency=btc`),
      network.get<{ error: { fields: Record<string, string> } }>(`/api/shardeum-network/nodes/${key(1)}/money?wallet=0x12`),
      network.get<{ error: { fields: Record<string, string> } }>(`/api/shardeum-network/nodes/xyz/money`),
    ]);
    expect(bad.map(({ status, body }) => [status, Object.keys(body.error.fields)])).toEqual([
      [400, ['currency']],
      [400, ['wallet']],
      [400, ['publicKey']],
    ]);
  });

  describe('can I unstake now: the seven states, through the tracked node lists', () => {
    const STAKE = 2400n * SHM;
    // 1e16 × 10,000,000 / 24,649
    const FEE = 4_056_959_714_390_036_106n;
    const start = s('2026-11-20T10:00:00.000Z');
    // One wallet stakes one node (shardeum: "This account has already staked to a different node"), so each has its own.
    let wallets = 0;
    const staked = (more: ChainNodeScript['events'] = [], certExp = Date.now() - 60_000): ChainNodeScript => ({
      nominator: `0x${(0xa11ce0 + ++wallets).toString(16).padStart(40, '0')}`,
      certExp,
      events: [{ type: 'stake', at: ms('2026-11-19T09:00:00.000Z'), amountWei: STAKE }, ...more],
    });
    // One period of 3 h at 10 SHM/h: 30 SHM.
    const ran = [
      { type: 'activate' as const, at: start },
      { type: 'claim' as const, at: start + 3 * 3600 },
    ];
    const payout = (reward: bigint) => (STAKE + reward - FEE).toString();

    it('when each state is set up on the chain and in the node lists, then the answer is the chain’s rule and text, 7 of 7, with the payout to the wei', async () => {
      // A network of its own, so the tracker follows the scripted standby and active nodes.
      const tracked = await startArchiverAndPriceStandIn({ network: { active: 20, foundation: 10, standby: 6, historyCycles: 50, counter: 5_000 } });
      const seed = `${tracked.archiver(0).url}#${tracked.archiver(0).publicKey}`;
      const net = await startNetwork({ ARCHIVER_URLS: seed, EXPLORER_API_URL: tracked.url, NODE_MONEY_CACHE_MS: '0', CYCLE_RANGES_PER_POLL: '40' });
      extra.push(net);
      try {
        const [standby, active] = [key(21), key(22)];
        await net.service.pollNetworkNow();
        await net.service.trackNodesNow();
        const step = async (moves: [string, 'join' | 'select'][], cycles = 1) => {
          for (const [k, action] of moves) tracked.scriptNode(k, action);
          tracked.advance(cycles);
          await net.service.pollNetworkNow();
          await net.service.trackNodesNow();
        };
        await step([[standby, 'join'], [active, 'join']]);
        await step([[active, 'select']], 3);
        const cases: [string, ChainNodeScript | null, string | undefined, NodeStateOrUnknown, string, string | null, string | null][] = [
          [key(20), staked([...ran, { type: 'unstake', at: (start + 4 * 3600) * 1000 }], ms('2026-11-20T11:00:00.000Z')), undefined, 'unknown', 'no-stake', 'No one has staked to this account!', null],
          [key(23), staked(ran), OTHER, 'unknown', 'other-wallet', "This node is staked by another account. You can't unstake it!", null],
          [standby, staked(ran), undefined, 'standby', 'standby', "This node is in the network's Standby list. You can unstake only after the node leaves the Standby list!", payout(30n * SHM)],
          [active, staked(ran), undefined, 'active', 'active', 'This node is still active in the network. You can unstake only after the node leaves the network!', payout(30n * SHM)],
          [key(24), staked([...ran, { type: 'activate', at: start + 5 * 3600 }]), undefined, 'unknown', 'no-end-time', "No reward endTime set, can't unstake node yet", payout(30n * SHM)],
          [key(25), staked(ran, Date.parse('2030-01-01T00:00:00.000Z')), undefined, 'unknown', 'cert-not-expired', `Unable to apply Unstake tx because stake cert has not yet expired. Expiry timestamp ${Date.parse('2030-01-01T00:00:00.000Z')}`, payout(30n * SHM)],
          [key(26), staked(ran), undefined, 'unknown', 'can-unstake', null, payout(30n * SHM)],
        ];
        for (const [k, script] of cases) if (script) tracked.scriptChainNode(k, script);
        const answers = await Promise.all(
          cases.map(async ([k, , wallet]) => (await net.get<NodeMoneyReply>(`/api/shardeum-network/nodes/${k}/money${wallet ? `?wallet=${wallet}` : ''}`)).body),
        );
        expect(answers.map((reply) => [reply.trackedState, reply.unstake?.state, reply.unstake?.refusal ?? null, reply.unstake?.payout?.payoutWei ?? null])).toEqual(
          cases.map(([, , , trackedState, state, refusal, paid]) => [trackedState, state, refusal, paid]),
        );
        // No end time: a forced unstake now throws the 30 SHM away.
        expect(answers[4]?.unstake?.forcedForfeitsRewardWei).toBe((30n * SHM).toString());
      } finally {
        await tracked.close();
      }
    });
  });
});
