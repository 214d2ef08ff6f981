import { eventStream, type NetworkDataReply, type NodeChange, type NodeLookupReply } from '@shm/contracts';
import { createRedis, type Redis } from '@shm/platform/redis';
import { scrape } from '@shm/platform/testing';
import { startArchiverAndPriceStandIn, type StandIn, type StandInOptions } from '../../../infra/stand-ins/archiver-and-price';
import { OTHER_NETWORK_ID, STAND_IN_NETWORK_ID } from '../../../infra/stand-ins/cycle-record';
import { startReplayingProxy, type ReplayingProxy } from '../../../infra/stand-ins/replaying-proxy';
import { REDIS_URL, startNetwork, type NetworkUnderTest } from './support/network-under-test';
import { eventPayload, type StreamEntry } from './support/stream-events';

jest.setTimeout(300_000);

const STREAM = eventStream('nodes.changed');
const K = 'feed01'.repeat(11).slice(0, 64);

/**
 * Which archivers the network service believes (docs/network-data.md, "Which archivers, and whether
 * to believe them"): several stand-in archivers over one simulated network, some answering for
 * another network under a shared key, signing cycles of their own, or behind a proxy that replays
 * what they signed an hour ago.
 */
describe('archiver quorum, network identity and freshness (real Redis and MongoDB, stand-in archivers)', () => {
  const started: NetworkUnderTest[] = [];
  const closers: (() => Promise<void>)[] = [];
  let redis: Redis;
  beforeAll(() => {
    redis = createRedis(REDIS_URL, 'client');
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((n) => n.stop()));
    await Promise.all(closers.splice(0).map((close) => close()));
  });
  afterAll(() => redis.quit());

  async function standIn(options: StandInOptions): Promise<StandIn> {
    const s = await startArchiverAndPriceStandIn(options);
    closers.push(() => s.close());
    return s;
  }
  async function network(env: Record<string, string>) {
    const n = await startNetwork(env);
    started.push(n);
    return n;
  }
  const seed = (s: StandIn, i = 0) => `${s.archiver(i).url}#${s.archiver(i).publicKey}`;
  const snapshotOf = async (n: NetworkUnderTest) => (await n.get<NetworkDataReply>('/api/shardeum-network')).body.data;

  it('when a testnet archiver answers under a mainnet archiver\'s key, then it is refused as wrong-network and none of its figures reaches the API, on any turn of the rotation', async () => {
    // #2 shares #0's key (as Shardeum's stagenet and testnet archivers share one) and signs another
    // network's cycles, which also count 100 more active nodes than the real one's 255.
    const s = await standIn({ archivers: 3, sharedKeys: { 2: 0 }, archiverModes: { 2: 'other-network' } });
    const n = await network({ ARCHIVER_URLS: seed(s), NETWORK_ID: STAND_IN_NETWORK_ID });
    const testnet = s.archiver(2).url;

    // Three polls: each archiver is first in the rotation once.
    for (let poll = 0; poll < 3; poll += 1) {
      const snapshot = await n.service.pollNetworkNow();
      expect(snapshot.totalNodes).toBe(255);
      expect(snapshot.provenance?.counts?.from).not.toBe(testnet);
      expect(snapshot.archivers).toEqual({ agreement: 'quorum', cycle: s.counter(), agreeing: 2, asked: 3, refused: [{ archiver: testnet, reason: 'wrong-network' }] });
    }
    expect((await snapshotOf(n)).archivers?.refused).toEqual([{ archiver: testnet, reason: 'wrong-network' }]);
    const metrics = await scrape(`${n.server.url}/metrics`);
    expect(metrics.find('network_archiver_refused').map((m) => [m.labels.archiver, m.labels.reason, m.value])).toEqual([[testnet, 'wrong-network', 1]]);
    expect(metrics.sum('network_archivers_agreeing')).toBe(2);
  });

  it('when no network id is configured, then the first quorum\'s is held in MongoDB, and after a restart two archivers that agree on another network are both refused', async () => {
    const s = await standIn({ archivers: 2 });
    const first = await network({ ARCHIVER_URLS: seed(s) });
    await first.service.pollNetworkNow();
    await first.stop({ keepData: true });
    started.splice(started.indexOf(first), 1);

    // Both archivers now answer for the other network, and agree with each other on it.
    s.configure({ archiverModes: { 0: 'other-network', 1: 'other-network' } });
    s.advance(1);
    const restarted = await network({ ARCHIVER_URLS: seed(s), MONGO_DB: first.mongoDb, REDIS_KEY_PREFIX: first.prefix });
    const snapshot = await restarted.service.pollNetworkNow();

    expect(OTHER_NETWORK_ID).not.toBe(STAND_IN_NETWORK_ID);
    expect(snapshot.archivers).toMatchObject({ agreement: 'none', agreeing: 0, asked: 2 });
    expect(snapshot.archivers?.refused.map((r) => r.reason)).toEqual(['wrong-network', 'wrong-network']);
    // The last live snapshot is kept (it is younger than SNAPSHOT_KEEP_MS), never the other network's counts.
    expect(snapshot.provenance?.counts?.from).toBeDefined();
    expect(snapshot.cycleCounter).toBe(s.counter() - 1);
  });

  it('when one archiver\'s reply has one byte changed on the way, then it is refused as untrusted and the other two decide', async () => {
    // bad-signature: the stand-in adds 1 to the first record's active count after signing (255 → 256).
    const s = await standIn({ archivers: 3, archiverModes: { 1: 'bad-signature' } });
    const n = await network({ ARCHIVER_URLS: seed(s) });

    for (let poll = 0; poll < 3; poll += 1) {
      const snapshot = await n.service.pollNetworkNow();
      expect(snapshot.totalNodes).toBe(255);
      expect(snapshot.archivers).toMatchObject({ agreement: 'quorum', agreeing: 2, refused: [{ archiver: s.archiver(1).url, reason: 'untrusted' }] });
    }
  });

  it('when two of three archivers agree and the third signs cycles of its own, then the two win and the third is flagged within one poll, and skipped until it agrees again', async () => {
    // disagreeing: the same network id, another marker at every counter and 9 more active nodes (264).
    const s = await standIn({ archivers: 3, archiverModes: { 0: 'disagreeing' } });
    const n = await network({ ARCHIVER_URLS: seed(s, 1) });
    const rogue = s.archiver(0).url;

    const flagged = await n.service.pollNetworkNow();
    expect(flagged.totalNodes).toBe(255);
    expect(flagged.archivers).toEqual({ agreement: 'quorum', cycle: s.counter(), agreeing: 2, asked: 3, refused: [{ archiver: rogue, reason: 'disagrees' }] });
    const refused = async () => (await scrape(`${n.server.url}/metrics`)).find('network_archiver_refused').map((m) => [m.labels.archiver, m.labels.reason, m.value]);
    expect(await refused()).toEqual([[rogue, 'disagrees', 1]]);

    s.configure({ archiverModes: {} });
    s.advance(1);
    const agreed = await n.service.pollNetworkNow();
    expect(agreed.archivers).toEqual({ agreement: 'quorum', cycle: s.counter(), agreeing: 3, asked: 3, refused: [] });
    expect(await refused()).toEqual([]);
  });

  it('when only one archiver can be reached, then the API labels the figures single source', async () => {
    const s = await standIn({ archivers: 2, archiverModes: { 1: 'down' } });
    const n = await network({ ARCHIVER_URLS: seed(s) });

    await n.service.pollNetworkNow();
    const data = await snapshotOf(n);

    expect(data.totalNodes).toBe(255);
    expect(data.archivers).toEqual({ agreement: 'single source', cycle: s.counter(), agreeing: 1, asked: 2, refused: [{ archiver: s.archiver(1).url, reason: 'unreachable' }] });
  });

  it('when every archiver is down and the RPC answers another chain id, then its counts are refused and the figures say estimate', async () => {
    const s = await standIn({ archivers: 2, archiverModes: { 0: 'down', 1: 'down' }, rpcChainId: 8083 });
    const n = await network({ ARCHIVER_URLS: seed(s), NETWORK_RPC_URL: s.url });

    const snapshot = await n.service.pollNetworkNow();

    expect(s.count('rpc')).toBe(1); // eth_chainId only: the cycle info is never asked for
    expect(snapshot).toMatchObject({ source: 'shardeum_official_specifications', isEstimate: true });
  });

  describe('replays', () => {
    /** One archiver, reached only through a proxy that can replay what it kept (a man in the middle on plain http). */
    async function behindProxy(network_: StandInOptions['network']) {
      const proxy: ReplayingProxy = await startReplayingProxy();
      closers.push(() => proxy.close());
      const s = await standIn({ archivers: 1, listedAt: { 0: proxy.url }, network: network_ });
      proxy.target = s.directUrls[0];
      const n = await network({ ARCHIVER_URLS: `${proxy.url}#${s.archiver(0).publicKey}`, CYCLE_RANGES_PER_POLL: '40' });
      return { proxy, s, n };
    }
    const lookUp = async (instance: NetworkUnderTest, key: string) => {
      const res = await fetch(`${instance.server.url}/api/shardeum-network/nodes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ publicKeys: [key] }) });
      return ((await res.json()) as NodeLookupReply).nodes[0];
    };
    const lastEventId = async () => ((await redis.xrevrange(STREAM, '+', '-', 'COUNT', 1)) as [string, string[]][])[0]?.[0] ?? '0-0';
    const changesSince = async (since: string) =>
      ((await redis.xrange(STREAM, `(${since}`, '+')) as StreamEntry[]).flatMap((entry) => eventPayload<{ changes: NodeChange[] }>(entry).changes);

    it('when the node lists of an hour ago are replayed, then no node state changes and nothing is published from them', async () => {
      // 40 active (30 foundation), active periods of 20 cycles: about two nodes leave every cycle.
      const { proxy, s, n } = await behindProxy({ active: 40, foundation: 30, standby: 12, historyCycles: 200, counter: 10_000, activePeriodCycles: 20 });
      const step = async (cycles = 1) => {
        s.advance(cycles);
        await n.service.pollNetworkNow();
        return n.service.trackNodesNow();
      };
      await n.service.pollNetworkNow();
      await n.service.trackNodesNow(); // the first run reads the history in silence
      s.scriptNode(K, 'join');
      await step();
      s.scriptNode(K, 'select');
      await step(3); // two sync cycles: active
      expect(await lookUp(n, K)).toMatchObject({ state: 'active' });
      proxy.capture(); // the lists as they are now, K among the active nodes

      s.scriptNode(K, 'remove');
      await step();
      expect(await lookUp(n, K)).toMatchObject({ state: 'gone', lastChange: 'removed' });
      await step(59); // an hour of 60 s cycles later
      const before = await lookUp(n, K);

      proxy.replay(/^\/full-nodelist$/);
      const since = await lastEventId();
      const run = await step();

      expect(proxy.replayed).toBeGreaterThan(0); // the old lists were served, and verified as signed
      expect(await lookUp(n, K)).toEqual(before);
      const published = await changesSince(since);
      expect(published.filter((c) => c.publicKey === K)).toEqual([]);
      // Only what the new cycle's own record says: nothing vanished, nothing dated otherwise.
      expect(published.filter((c) => c.kind === 'vanished' || c.cycle !== run.lastCycle)).toEqual([]);
    });

    it('when the cycles of an hour ago are replayed, then the archiver is refused as stale and the snapshot and the history stay where they were', async () => {
      const { proxy, s, n } = await behindProxy({ active: 40, foundation: 30, standby: 12, historyCycles: 200, counter: 10_000 });
      await n.service.pollNetworkNow();
      proxy.capture();
      await (async () => {
        s.advance(60);
        await n.service.pollNetworkNow();
      })();
      const current = await snapshotOf(n);
      expect(current.cycleCounter).toBe(10_060);

      proxy.replay(/^\/(cycleinfo\/\d+|full-nodelist|get-network-account)$/);
      const snapshot = await n.service.pollNetworkNow();

      expect(snapshot.cycleCounter).toBe(10_060);
      expect(snapshot.archivers?.refused).toEqual([{ archiver: proxy.url, reason: 'stale' }]);
      expect(s.counter()).toBe(10_060);
    });
  });
});
