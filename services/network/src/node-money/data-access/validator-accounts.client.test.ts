import { stubServer, type SeenRequest, type StubReply } from '../../data-access/fixtures/stub-server';
import { convertBigIntsToHex, NETWORK_ID, networkAccount, NODE_PK, NOMINATOR, nodeAccount2, operatorEvmAccount, SHM } from './fixtures/chain-replies';
import { validatorAccountSource } from './validator-accounts.client';

const limits = { timeoutMs: 2000, maxBytes: 1_000_000 };

/** core's getLocalOrRemoteAccount result, as the `?type=` branch wraps it. */
const wrapped = (accountId: string, data: { hash: string; timestamp: number }) => ({ account: { accountId, stateId: data.hash, data, timestamp: data.timestamp } });

/** A validator that answers as shardeum's account route does, unless told to refuse. */
function validator(refuse?: unknown) {
  return (request: SeenRequest): StubReply => {
    if (refuse !== undefined) return { body: JSON.stringify({ error: refuse }) };
    const url = new URL(request.url, 'http://x');
    const address = decodeURIComponent(url.pathname.replace('/account/', ''));
    const type = url.searchParams.get('type');
    if (type === '9') return { body: convertBigIntsToHex(address === NODE_PK ? wrapped(NODE_PK, nodeAccount2()) : { account: null }) };
    if (type === '5') return { body: convertBigIntsToHex(wrapped(NETWORK_ID, networkAccount())) };
    // getReadableAccountInfo: nonce and balance as decimal strings, operatorAccountInfo's bigints as hex.
    const evm = operatorEvmAccount();
    return { body: convertBigIntsToHex(address === NOMINATOR ? { account: { nonce: '3', balance: '100000000000000000000', storageRoot: '0x56e8', codeHash: '0xc5d2', operatorAccountInfo: evm.operatorAccountInfo } } : { account: null }) };
  };
}

const servers: Awaited<ReturnType<typeof stubServer>>[] = [];
const start = async (reply: (request: SeenRequest) => StubReply) => {
  const server = await stubServer(reply);
  servers.push(server);
  return server;
};
afterAll(() => Promise.all(servers.map((server) => server.close())));

describe('validatorAccountSource', () => {
  it('when the first validator is busy and the second answers, then the accounts come from the second, with no transactions', async () => {
    const busy = await start(validator('node busy'));
    const good = await start(validator());
    const read = await validatorAccountSource([busy.url, good.url], limits).read(NODE_PK, undefined);
    expect(read.node?.stakeLock).toBe(2400n * SHM);
    expect(read.node?.history).toEqual([
      { b: 1_762_000_000, e: 1_762_036_000 },
      { b: 1_762_100_000, e: 1_762_200_000 },
    ]);
    expect(read.node?.penaltyHistory).toEqual([{ type: 1000, amount: 480n * SHM, timestamp: 1_762_050_000 }]);
    expect(read.operator).toEqual({ address: NOMINATOR, stake: 2400n * SHM, nominee: NODE_PK, certExp: 1_763_500_000_000, stats: { totalNodeReward: 15n * SHM, totalNodePenalty: 480n * SHM, totalNodeTime: 136_000, totalUnstakeReward: 0n, unstakeCount: 0 } });
    expect(read.network).toEqual({ rewardUnits: 8n * SHM, rewardIntervalMs: 3_600_000, stabilityScaleMul: 1000, stabilityScaleDiv: 1000 });
    expect(read.transactions).toBeNull();
    // The routes asked, as shardeum registers them.
    expect(good.seen.map((r) => r.url).sort()).toEqual([`/account/${NOMINATOR}`, `/account/${NETWORK_ID}?type=5`, `/account/${NODE_PK}?type=9`]);
  });

  it('when every validator refuses or is down, then the read fails saying why each could not answer', async () => {
    const edge = await start(validator('node close to rotation edges'));
    const broken = await start(validator({}));
    const down = await start(() => ({ status: 503, body: '{}' }));
    await expect(validatorAccountSource([edge.url, broken.url, down.url], limits).read(NODE_PK, undefined)).rejects.toThrow(
      'validator: no validator answered (node close to rotation edges; the node failed to read the account; /account/',
    );
  });

  it('when no validator is configured, then the read fails saying so', async () => {
    await expect(validatorAccountSource([], limits).read(NODE_PK, undefined)).rejects.toThrow('validator: none configured');
  });

  it('when the key has no node account and a wallet that never staked is asked, then both are none', async () => {
    const good = await start(validator());
    const read = await validatorAccountSource([good.url], limits).read('2'.repeat(64), '0x' + '3'.repeat(40));
    expect(read.node).toBeNull();
    expect(read.operator).toBeNull();
  });
});
