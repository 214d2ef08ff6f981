import { stubServer, type SeenRequest, type StubReply } from '../../data-access/fixtures/stub-server';
import { explorerAccountSource } from './explorer-accounts.client';
import {
  accountRow,
  claimRow,
  initRewardTimesRow,
  NETWORK_ID,
  networkAccount,
  NODE_PK,
  NOMINATOR,
  nodeAccount2,
  operatorEvmAccount,
  penaltyRow,
  safeStringify,
  SHM,
  stakeRow,
  unstakeRow,
} from './fixtures/chain-replies';

const limits = { timeoutMs: 2000, maxBytes: 1_000_000 };
type Query = URLSearchParams;
type Routes = { account: (query: Query) => unknown; transaction: (query: Query) => unknown };
let routes: Routes;
let server: Awaited<ReturnType<typeof stubServer>>;
beforeAll(async () => {
  server = await stubServer((request: SeenRequest): StubReply => {
    const url = new URL(request.url, 'http://x');
    const route = url.pathname === '/api/account' ? routes.account : routes.transaction;
    return { body: safeStringify(route(url.searchParams)) };
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.length = 0;
  routes = { account: accounts(), transaction: transactions([[stakeRow(1, 1_762_000_000_000, 2400n * SHM)]]) };
});

// The messy row: stakeLock as an older row's bare hex, reward as '0x' hex, the rest safeStringify bigints.
const messyNode = () => ({ ...nodeAccount2(), stakeLock: '821ab0d44149800000', reward: '0xd02ab486cedc0000' });

function accounts(overrides: { node?: unknown; operator?: unknown; network?: unknown } = {}) {
  return (query: Query) => {
    const { address, accountType } = Object.fromEntries(query) as Record<string, string>;
    const found =
      accountType === '9' && address === NODE_PK
        ? 'node' in overrides ? overrides.node : messyNode()
        : accountType === '0' && address === NOMINATOR
          ? 'operator' in overrides ? overrides.operator : operatorEvmAccount()
          : accountType === '5' && address === NETWORK_ID
            ? 'network' in overrides ? overrides.network : networkAccount()
            : undefined;
    // explorer-server: a missing account is { success: true } with no `accounts`.
    return found === undefined ? { success: true } : { success: true, accounts: [accountRow(address as string, Number(accountType), found, address)] };
  };
}

/** Pages for `address=<the node>` (txFrom, txTo or nominee), newest first as the server orders them. */
function transactions(pages: unknown[][]) {
  return (query: Query) => {
    const list = query.get('address') === NODE_PK ? pages : [];
    const page = Number(query.get('page'));
    if (list.flat().length === 0) return { success: true, transactions: [], totalPages: 0 };
    if (page > list.length) return { success: false, error: 'Page no is greater than the totalPage' };
    return { success: true, transactions: list[page - 1], totalPages: list.length, totalTransactions: list.flat().length };
  };
}

describe('explorerAccountSource', () => {
  it('when the node has a stake, two claims, a penalty and an init row over two pages (one row repeated), then every amount is read to the wei, oldest first', async () => {
    routes.transaction = transactions([
      [claimRow(5, 1_762_200_010_000, 1_762_200_000, 10n * SHM), initRewardTimesRow(4, 1_762_100_005_000), penaltyRow(3, 1_762_050_000_000, 1000, 480n * SHM)],
      // The penalty again: a new receipt shifted the pages while they were read. An older row has its amount as bare hex (5e18).
      [penaltyRow(3, 1_762_050_000_000, 1000, 480n * SHM), claimRow(2, 1_762_036_010_000, 1_762_036_000, '4563918244f40000'), stakeRow(1, 1_762_000_000_000, 2400n * SHM)],
    ]);
    const read = await explorerAccountSource(server.url, limits).read(NODE_PK.toUpperCase(), undefined);

    expect(read.node).toEqual({
      nominator: NOMINATOR,
      stakeLock: 2400n * SHM,
      reward: 15n * SHM,
      penalty: 480n * SHM,
      rewardStartTime: 1_762_100_000,
      rewardEndTime: 1_762_200_000,
      rewardRate: 8n * SHM,
      totalReward: 15n * SHM,
      totalPenalty: 480n * SHM,
      history: [
        { b: 1_762_000_000, e: 1_762_036_000 },
        { b: 1_762_100_000, e: 1_762_200_000 },
      ],
      penaltyHistory: [{ type: 1000, amount: 480n * SHM, timestamp: 1_762_050_000 }],
    });
    // No wallet asked: the node's nominator is the operator read.
    expect(read.operator).toEqual({ address: NOMINATOR, stake: 2400n * SHM, nominee: NODE_PK, certExp: 1_763_500_000_000, stats: { totalNodeReward: 15n * SHM, totalNodePenalty: 480n * SHM, totalNodeTime: 136_000, totalUnstakeReward: 0n, unstakeCount: 0 } });
    expect(read.network).toEqual({ rewardUnits: 8n * SHM, rewardIntervalMs: 3_600_000, stabilityScaleMul: 1000, stabilityScaleDiv: 1000 });
    const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
    expect(read.transactions).toEqual({
      stakes: [{ at: 1_762_000_000_000, nominator: NOMINATOR, amount: 2400n * SHM, txHash: hash(1) }],
      claims: [
        { at: 1_762_036_010_000, nodeDeactivatedTime: 1_762_036_000, rewardAmount: 5n * SHM, txHash: hash(2) },
        { at: 1_762_200_010_000, nodeDeactivatedTime: 1_762_200_000, rewardAmount: 10n * SHM, txHash: hash(5) },
      ],
      penalties: [{ at: 1_762_050_000_000, violation: 1000, amount: 480n * SHM, txHash: hash(3) }],
      unstakes: [],
    });
    // The node is asked for in lower case, every page.
    const asked = server.seen.map((r) => r.url).filter((u) => u.startsWith('/api/transaction'));
    expect(asked).toEqual([`/api/transaction?address=${NODE_PK}&page=1`, `/api/transaction?address=${NODE_PK}&page=2`]);
  });

  it('when a wallet in mixed case is asked for and it never staked, then it is asked for in lower case and there is no operator account', async () => {
    const wallet = '0xABCDEF0123456789abcdef0123456789ABCDEF01';
    const base = accounts();
    routes.account = (query) =>
      query.get('address') === wallet.toLowerCase() ? { success: true, accounts: [accountRow('x', 0, { ...operatorEvmAccount(null), ethAddress: wallet.toLowerCase() })] } : base(query);
    const read = await explorerAccountSource(server.url, limits).read(NODE_PK, wallet);
    expect(read.operator).toBeNull();
    expect(server.seen.some((r) => r.url === `/api/account?address=${wallet.toLowerCase()}&accountType=0`)).toBe(true);
  });

  it('when the operator unstaked (nominee and certExp null, stake 0), then that is what it says', async () => {
    routes.account = accounts({ operator: operatorEvmAccount({ stake: 0n, nominee: null, certExp: null }) });
    const read = await explorerAccountSource(server.url, limits).read(NODE_PK, NOMINATOR);
    expect(read.operator).toEqual({ address: NOMINATOR, stake: 0n, nominee: null, certExp: null, stats: { totalNodeReward: 15n * SHM, totalNodePenalty: 480n * SHM, totalNodeTime: 136_000, totalUnstakeReward: 0n, unstakeCount: 0 } });
  });

  it('when the key never staked, then there is no node account, no operator is asked for, and the transactions are empty', async () => {
    routes.account = accounts({ node: undefined });
    routes.transaction = transactions([]);
    const read = await explorerAccountSource(server.url, limits).read(NODE_PK, undefined);
    expect(read.node).toBeNull();
    expect(read.operator).toBeNull();
    expect(read.transactions).toEqual({ stakes: [], claims: [], penalties: [], unstakes: [] });
    expect(server.seen.some((r) => r.url.includes('accountType=0'))).toBe(false);
  });

  it('when the explorer refuses a query with its 200 error shape, then the read fails with its words', async () => {
    routes.account = () => ({ success: false, error: 'The count number is too big.' });
    await expect(explorerAccountSource(server.url, limits).read(NODE_PK, undefined)).rejects.toThrow('explorer account: The count number is too big.');
  });

  it('when the network account is not indexed, then the read fails (the ledger cannot be checked without its terms)', async () => {
    routes.account = accounts({ network: undefined });
    await expect(explorerAccountSource(server.url, limits).read(NODE_PK, undefined)).rejects.toThrow(/network account is not indexed/);
  });

  it('when an amount is not a chain amount, then the read fails naming the field', async () => {
    routes.account = accounts({ node: { ...nodeAccount2(), reward: 15 } });
    await expect(explorerAccountSource(server.url, limits).read(NODE_PK, undefined)).rejects.toThrow(/explorer node account: unexpected reply \(reward: expected a chain amount/);
  });

  it('when there are more pages than the cap, then the read fails rather than give a list that cannot sum to the account', async () => {
    const page = (n: number) => [claimRow(100 + n, 1_762_000_000_000 + n, 1_762_000_000, SHM)];
    routes.transaction = transactions([page(1), page(2), page(3)]);
    await expect(explorerAccountSource(server.url, limits, { maxTransactionPages: 2 }).read(NODE_PK, undefined)).rejects.toThrow('explorer transactions: 3 pages listed, more than the 2 read');
    expect(server.seen.filter((r) => r.url.startsWith('/api/transaction')).map((r) => r.url)).toEqual([`/api/transaction?address=${NODE_PK}&page=1`]);
  });

  it('when the node was unstaked under both receipt shapes, then stake, reward, penalty and fee are read; a receipt with no stake at all fails the read', async () => {
    // Since the totalUnstakeAmount flag: { stake, reward, penalty, totalUnstakeAmount }. Before: no stake, but no total either.
    const current = unstakeRow(7, 1_763_000_000_000, { stake: 1920n * SHM, reward: 15n * SHM, penalty: 480n * SHM, totalUnstakeAmount: 1935n * SHM }, '0x2386f26fc10000');
    const totalOnly = unstakeRow(6, 1_762_500_000_000, { reward: 3n * SHM, penalty: 0n, totalUnstakeAmount: 2403n * SHM }, '0x2386f26fc10000');
    routes.transaction = transactions([[current, totalOnly]]);
    const read = await explorerAccountSource(server.url, limits).read(NODE_PK, undefined);
    const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
    // Fee 0x2386f26fc10000 = 1e16 wei (0.01 SHM); the older receipt's stake is its total less its reward: 2403 − 3.
    expect(read.transactions?.unstakes).toEqual([
      { at: 1_762_500_000_000, stake: 2400n * SHM, reward: 3n * SHM, penalty: 0n, fee: 10n ** 16n, txHash: hash(6) },
      { at: 1_763_000_000_000, stake: 1920n * SHM, reward: 15n * SHM, penalty: 480n * SHM, fee: 10n ** 16n, txHash: hash(7) },
    ]);

    const oldest = unstakeRow(8, 1_761_000_000_000, { rewardStartTime: 1, rewardEndTime: 2, reward: 0n, penalty: 0n }, '0x0');
    routes.transaction = transactions([[oldest]]);
    await expect(explorerAccountSource(server.url, limits).read(NODE_PK, undefined)).rejects.toThrow(`explorer transaction ${hash(8)}: the unstake receipt names no stake`);
  });
});
