import { stubServer, type StubReply } from './fixtures/stub-server';
import { rpcClient } from './rpc.client';

const limits = { timeoutMs: 2000, maxBytes: 100_000 };
let reply: () => StubReply;
/** What the RPC answers to eth_chainId: 0x1fb6 is 8118, Shardeum mainnet. */
let chainId = '0x1fb6';
let server: Awaited<ReturnType<typeof stubServer>>;
beforeAll(async () => {
  server = await stubServer((request) =>
    (JSON.parse(request.body) as { method: string }).method === 'eth_chainId' ? { body: JSON.stringify({ jsonrpc: '2.0', id: 1, result: chainId }) } : reply(),
  );
});
beforeEach(() => {
  chainId = '0x1fb6';
});
afterAll(() => server.close());

/** What json-rpc-server (expose-network-info, src/api.ts) answers: the cycle record restructured. */
const realCycleInfo = {
  cycleCounter: 91_234,
  startTime: 1_763_000_000_000,
  endTime: 1_763_000_060_000,
  nodes: { active: 255, standby: 412, syncing: 3 },
  desired: 300,
  duration: 60,
  maxSyncTime: 1200,
  timestamp: 1_763_000_001_000,
};

describe('rpcClient', () => {
  it('when the RPC answers another chain id (a testnet under the mainnet name), then its counts are refused as wrong-network', async () => {
    chainId = '0x1f93'; // 8083, Shardeum's testnet
    reply = () => ({ body: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { cycleInfo: realCycleInfo } }) });
    const before = server.seen.length;
    await expect(rpcClient(server.url, limits, 8118).cycleCounts()).rejects.toMatchObject({ reason: 'wrong-network' });
    // The cycle info is never even asked for.
    expect(server.seen.slice(before).map((r) => (JSON.parse(r.body) as { method: string }).method)).toEqual(['eth_chainId']);
  });

  it('when the RPC answers the real shardeum_getCycleInfo shape, then the counts, counter and desired are read', async () => {
    reply = () => ({ body: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { cycleInfo: realCycleInfo } }) });
    await expect(rpcClient(server.url, limits, 8118).cycleCounts()).resolves.toEqual({
      active: 255,
      standby: 412,
      syncing: 3,
      desired: 300,
      counter: 91_234,
      durationSeconds: 60,
    });
    expect(JSON.parse(server.seen.at(-1)?.body ?? 'null')).toMatchObject({ method: 'shardeum_getCycleInfo', params: [null] });
  });

  it('when the reply has the old guessed shape (counter, nodes.desired), then it is refused', async () => {
    const old = { counter: 91_234, duration: 60, nodes: { active: 255, standby: 412, desired: 300 } };
    reply = () => ({ body: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { cycleInfo: old } }) });
    await expect(rpcClient(server.url, limits, 8118).cycleCounts()).rejects.toThrow(/rpc: unexpected reply/);
  });

  it('when the RPC answers an error, then the call fails with its message', async () => {
    reply = () => ({ body: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'Cycle info not found' } }) });
    await expect(rpcClient(server.url, limits, 8118).cycleCounts()).rejects.toThrow('rpc: Cycle info not found (-32000)');
  });
});
