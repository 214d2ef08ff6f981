import { Utils } from '@shardeum-foundation/lib-types';
import { startArchiverAndPriceStandIn, type ChainEvent, type StandIn } from './archiver-and-price';

// The same node as chain-ledger.test.ts (three periods of 20, 10 and 5 SHM, a 480 SHM penalty), read
// over HTTP as the explorer and a validator serve it. Hex worked by hand: 35 SHM = 0x1e5b8fa8fe2ac0000,
// 480 SHM = 0x1a055690d9db800000, 1920 SHM = 0x68155a43676e000000; the EOA code hash in base64 is
// xdJGAYb3IzySfn2y3McDwOUAtlPKgic7e/rYBF2FpHA=.
const SHM = 10n ** 18n;
const K = 'b2'.repeat(32);
const WALLET = '0x1111111111111111111111111111111111111111';
const NETWORK = '1000000000000000000000000000000000000000000000000000000000000001';
const T0 = Date.UTC(2026, 9, 1);
const S0 = T0 / 1000;
const DAY = 86_400;
const EVENTS: ChainEvent[] = [
  { type: 'stake', at: T0, amountWei: 2400n * SHM },
  { type: 'activate', at: S0 + 600 },
  { type: 'claim', at: S0 + 7800 },
  { type: 'activate', at: S0 + DAY },
  { type: 'claim', at: S0 + DAY + 3600 },
  { type: 'activate', at: S0 + 2 * DAY },
  { type: 'claim', at: S0 + 2 * DAY + 1800 },
  { type: 'penalty', at: (S0 + 2 * DAY + 3600) * 1000, violation: 1003, amountWei: 480n * SHM },
  { type: 'unstake', at: (S0 + 4 * DAY) * 1000 },
];

interface Row {
  transactionType: number;
  internalTXType: number;
  nominee: string | null;
  wrappedEVMAccount: { readableReceipt: { rewardAmount?: bigint; penaltyAmount?: bigint; stakeInfo?: { stake: bigint } } };
}

describe('stand-in: a node’s money as the explorer and a validator serve it', () => {
  let standIn: StandIn;
  beforeEach(async () => {
    standIn = await startArchiverAndPriceStandIn({ archivers: 1, control: true });
    standIn.scriptChainNode(K, { nominator: WALLET, certExp: T0 + 3 * DAY * 1000, events: EVENTS.slice(0, 8) });
  });
  afterEach(() => standIn.close());

  const text = async (path: string) => (await fetch(`${standIn.url}${path}`)).text();

  it('when the node account is asked of the explorer, then the bytes have sorted keys and bigints in the bi encoding', async () => {
    const body = await text(`/api/account?address=${K}&accountType=9`);
    expect(body.startsWith('{"accounts":[{"account":{"accountType":9,"hash":"')).toBe(true);
    expect(body).toContain('"reward":{"dataType":"bi","value":"1e5b8fa8fe2ac0000"}');
    expect(body).toContain('"stakeLock":{"dataType":"bi","value":"68155a43676e000000"}');
    expect(body).toContain(`"history":[{"b":${S0 + 600},"e":${S0 + 7800}},`);
    const parsed = Utils.safeJsonParse(body) as { success: boolean; accounts: { accountId: string; ethAddress: string; isGlobal: number; account: { penalty: bigint } }[] };
    expect(parsed.accounts[0]).toMatchObject({ accountId: K, ethAddress: K, isGlobal: 0, account: { penalty: 480n * SHM } });
  });

  it('when the wallet and the network account are asked of the explorer, then they come as the explorer stores them; an unknown address has no accounts', async () => {
    const wallet = await text(`/api/account?address=${WALLET.toUpperCase().replace('0X', '0x')}&accountType=0`);
    // safeStringify writes a Uint8Array as JSON.stringify({ value, dataType }): the one place keys are not sorted.
    expect(wallet).toContain('"codeHash":{"value":"xdJGAYb3IzySfn2y3McDwOUAtlPKgic7e/rYBF2FpHA=","dataType":"u8ab"}');
    expect(wallet).toContain(`"accountId":"${WALLET.slice(2)}${'0'.repeat(24)}"`);
    expect(wallet).toContain('"stake":{"dataType":"bi","value":"68155a43676e000000"}');
    const network = await text(`/api/account?address=${NETWORK}&accountType=5`);
    expect(network).toContain('"nodeRewardAmountUsd":{"dataType":"bi","value":"57922289119000"}');
    expect(network).toContain('"isGlobal":1');
    expect(await text(`/api/account?address=${'c'.repeat(64)}&accountType=9`)).toBe('{"success":true}');
  });

  it('when transactions are asked by nominee, then only stake and unstake rows come, whatever txType says, as the real server filters', async () => {
    standIn.scriptChainNode(K, { nominator: WALLET, certExp: T0 + 3 * DAY * 1000, events: EVENTS });
    const reply = Utils.safeJsonParse(await text(`/api/transaction?nominee=${K}&txType=21&page=1`)) as { transactions: Row[]; totalPages: number; totalTransactions: number };
    // Newest first: the unstake (3), then the stake (2).
    expect(reply.transactions.map((r) => [r.transactionType, r.internalTXType, r.nominee])).toEqual([
      [3, 7, K],
      [2, 6, K],
    ]);
    expect([reply.totalPages, reply.totalTransactions]).toEqual([1, 2]);
  });

  it('when claims and penalties are asked by address and txType, then each comes with the chain’s amount, newest first', async () => {
    const claims = Utils.safeJsonParse(await text(`/api/transaction?address=${K}&txType=21&page=1`)) as { transactions: Row[] };
    expect(claims.transactions.map((r) => r.wrappedEVMAccount.readableReceipt.rewardAmount)).toEqual([5n * SHM, 10n * SHM, 20n * SHM]);
    expect(claims.transactions.every((r) => r.nominee === null && r.transactionType === 4)).toBe(true);
    const penalties = await text(`/api/transaction?address=${K}&txType=24`);
    expect(penalties).toContain('"penaltyAmount":{"dataType":"bi","value":"1a055690d9db800000"}');
    expect(penalties).toContain('"violationType":1003');
    // The node sends its activations (8), claims (9) and penalties (12): 3 + 3 + 1, no counts without page/address/txType.
    const sent = Utils.safeJsonParse(await text(`/api/transaction?txFrom=${K}`)) as { transactions: Row[]; totalPages?: number };
    expect(sent.transactions.map((r) => r.internalTXType)).toEqual([12, 9, 8, 9, 8, 9, 8]);
    expect(sent.totalPages).toBeUndefined();
  });

  it('when a node has eleven claims, then they come ten a page and a page past the end is refused as the server refuses it', async () => {
    const many: ChainEvent[] = [EVENTS[0] as ChainEvent];
    for (let i = 0; i < 11; i++) many.push({ type: 'activate', at: S0 + i * 3600 }, { type: 'claim', at: S0 + i * 3600 + 60 });
    standIn.scriptChainNode(K, { nominator: WALLET, events: many });
    const second = Utils.safeJsonParse(await text(`/api/transaction?address=${K}&txType=21&page=2`)) as { transactions: Row[]; totalPages: number };
    expect([second.transactions.length, second.totalPages]).toEqual([1, 2]);
    expect(await text(`/api/transaction?address=${K}&txType=21&page=3`)).toBe('{"error":"Page no is greater than the totalPage","success":false}');
  });

  it('when a validator is asked, then bigints come as 0x-hex, the wallet’s balance in decimal, and a busy node answers node busy', async () => {
    const node = JSON.parse(await text(`/account/${K}?type=9`)) as { account: { accountId: string; data: { reward: string; nodeAccountStats: { penaltyHistory: unknown[] } } } };
    expect(node.account.accountId).toBe(K);
    expect(node.account.data.reward).toBe('0x1e5b8fa8fe2ac0000');
    expect(node.account.data.nodeAccountStats.penaltyHistory).toEqual([{ type: 1003, amount: '0x1a055690d9db800000', timestamp: S0 + 2 * DAY + 3600 }]);
    const wallet = JSON.parse(await text(`/account/${WALLET}`)) as { account: { nonce: string; balance: string; operatorAccountInfo: { stake: string; nominee: string } } };
    // 10 000 − 2400 SHM − fee = 7 600 000 000 000 000 000 000 − 4 056 959 714 390 036 106 wei, in decimal as getReadableAccountInfo gives it.
    expect(wallet.account).toMatchObject({ nonce: '1', balance: '7595943040285609963894', operatorAccountInfo: { stake: '0x68155a43676e000000', nominee: K } });
    const network = JSON.parse(await text(`/account/${NETWORK}?type=5`)) as { account: { data: { current: { stabilityScaleDiv: number } } } };
    expect(network.account.data.current.stabilityScaleDiv).toBe(24_649);
    expect(JSON.parse(await text(`/account/${'d'.repeat(64)}?type=9`))).toEqual({ account: null });
    expect(JSON.parse(await text('/account/0x12'))).toEqual({ error: 'Invalid address' });
    standIn.configure({ validatorRefusal: 'node busy' });
    expect(JSON.parse(await text(`/account/${K}?type=9`))).toEqual({ error: 'node busy' });
  });

  it('when the explorer part is down, then the validator part still answers', async () => {
    standIn.configure({ modes: { 'explorer-account': 'down', 'explorer-transaction': 'malformed' } });
    expect((await fetch(`${standIn.url}/api/account?address=${K}&accountType=9`)).status).toBe(503);
    expect(await text(`/api/transaction?nominee=${K}`)).toBe('{"success":true,"transactions":"none","totalPages":-1}');
    expect((JSON.parse(await text(`/account/${K}?type=9`)) as { account: { data: { id: string } } }).account.data.id).toBe(K);
    expect(standIn.count('validator-account')).toBe(1);
  });

  it('when a script is posted to the control route, then the explorer serves it; a bad amount is refused naming the field', async () => {
    const post = (body: object) => fetch(`${standIn.url}/stand-in/chain-nodes`, { method: 'POST', body: JSON.stringify(body) });
    const L = 'e'.repeat(64);
    const events = [
      { type: 'stake', at: T0, amountWei: '2400000000000000000000' },
      { type: 'activate', at: S0 },
      { type: 'claim', at: S0 + 1800 },
    ];
    const ok = await post({ publicKey: L, script: { nominator: WALLET, events } });
    expect([ok.status, await ok.json()]).toEqual([200, { publicKey: L, events: 3 }]);
    expect(await text(`/api/account?address=${L}&accountType=9`)).toContain('"reward":{"dataType":"bi","value":"4563918244f40000"}');
    const bad = await post({ publicKey: L, script: { nominator: WALLET, events: [{ type: 'stake', at: T0, amountWei: 2400 }] } });
    expect([bad.status, await bad.json()]).toEqual([400, { error: 'events[0].amountWei must be a decimal string of wei' }]);
  });
});
