import { eventStream, type NetworkDataReply } from '@shm/contracts';
import { createRedis, type Redis } from '@shm/platform/redis';
import { errorOf, scrape } from '@shm/platform/testing';
import { startArchiverAndPriceStandIn, type StandIn } from '../../../infra/stand-ins/archiver-and-price';
import { closedUrl, REDIS_URL, startNetwork, waitFor, type NetworkUnderTest } from './support/network-under-test';
import { eventPayload, type StreamEntry } from './support/stream-events';

jest.setTimeout(120_000);

const LIVE_LABEL = 'archiver_live_data_foundation_233_community_22_active_255_standby_412';
const SHORT_HISTORY = 300;
const DEEP_HISTORY = { network: { historyCycles: 3000 } };

describe('network service polling archivers (real Redis, stand-in archivers)', () => {
  const started: { stop(): Promise<void> }[] = [];
  const standIns: StandIn[] = [];
  let redis: Redis;
  beforeAll(() => {
    redis = createRedis(REDIS_URL, 'client');
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()));
    await Promise.all(standIns.splice(0).map((s) => s.close()));
  });
  afterAll(() => redis.quit());

  /**
   * A stand-in whose foundation nodes joined SHORT_HISTORY cycles ago (the default is 3000): the
   * first poll reads 3 ranges of history instead of 30, which is most of a test's time on FerretDB.
   * The tests about recovering the split from deep history ask for the default back.
   */
  const standIn = async ({ network, ...options }: Parameters<typeof startArchiverAndPriceStandIn>[0] = {}) => {
    const s = await startArchiverAndPriceStandIn({ ...options, network: { historyCycles: SHORT_HISTORY, ...network } });
    standIns.push(s);
    return s;
  };
  const network = async (env: Record<string, string>): Promise<NetworkUnderTest> => {
    const n = await startNetwork({ CYCLE_RANGES_PER_POLL: '40', ...env });
    started.push(n);
    return n;
  };

  /** A seed pinned to the key of the stand-in's archiver i (as production must be). */
  const seed = (s: StandIn, i = 0) => `${s.archiver(i).url}#${s.archiver(i).publicKey}`;

  it('when the archivers answer in the real shapes with every foundation flag lost, then the split is recovered from the join records and the bi amounts read as hex', async () => {
    // The stand-in's archivers restarted at its start: no node-list entry carries foundationNode;
    // the foundation nodes joined 3000 cycles ago; the reward and stake are bi values of digits only.
    const archiver = await standIn(DEEP_HISTORY);
    const n = await network({ ARCHIVER_URLS: seed(archiver) });

    await n.service.pollNetworkNow();
    const res = await n.get<NetworkDataReply>('/api/shardeum-network');

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      totalNodes: 255,
      activeSlots: 22,
      standbyNodes: 412,
      communityNodes: 434,
      totalFoundationNodes: 233,
      totalCommunityNodes: 22,
      source: LIVE_LABEL,
      isEstimate: false,
      communitySplit: { method: 'cycle-history', knownFoundation: 233, knownCommunity: 22, unknown: 0 },
      cycleDurationSeconds: 60,
      // 0x57922289119000 = 24 649 × 10¹² → 0.024649 × 10 000 000 / 24 649 = 10 SHM per hour;
      // 0x5219006080770000 = 240 × that → 2400 SHM. Read as decimal they gave about 0.0235 SHM/h.
      rewardPerHour: 10,
      stakeRequired: 2400,
    });
    expect(res.body.data.provenance?.counts?.origin).toBe('archiver');
    expect(Date.now() - Date.parse(res.body.data.lastUpdated)).toBeLessThan(10_000);
  });

  it('when the history read so far misses the foundation joins, then they count as foundation and the community count is an honest estimate', async () => {
    const archiver = await standIn(DEEP_HISTORY);
    // One range: the 100 latest and 100 older cycles hold most community joins (periods of 240 cycles, staggered)
    // and none of the foundation joins 3000 cycles back.
    const n = await network({ ARCHIVER_URLS: seed(archiver), CYCLE_RANGES_PER_POLL: '1' });

    const snapshot = await n.service.pollNetworkNow();

    expect(snapshot.communitySplit?.method).toBe('partial');
    expect(snapshot.isEstimate).toBe(true);
    // Never more community slots than there are: unknown nodes are counted as foundation.
    expect(snapshot.activeSlots).toBeLessThanOrEqual(22);
    expect(snapshot.totalFoundationNodes).toBeGreaterThanOrEqual(233);
    expect(snapshot.source).toBe('archiver_calculated_active_255_standby_412');
  });

  it('when both the network service and the archivers restart, then the remembered flags give the same split without reading the history again', async () => {
    const archiver = await standIn(DEEP_HISTORY);
    const first = await startNetwork({ ARCHIVER_URLS: seed(archiver), CYCLE_RANGES_PER_POLL: '40' });
    const before = await first.service.pollNetworkNow();
    await first.stop({ keepData: true });
    archiver.advance(5);
    archiver.restartArchivers();

    // No range reads allowed now: only MongoDB's memory can know the foundation nodes.
    const second = await network({ ARCHIVER_URLS: seed(archiver), MONGO_DB: first.mongoDb, CYCLE_RANGES_PER_POLL: '0' });
    const after = await second.service.pollNetworkNow();

    expect(before).toMatchObject({ activeSlots: 22, totalFoundationNodes: 233, isEstimate: false });
    expect(after).toMatchObject({ activeSlots: 22, totalFoundationNodes: 233, isEstimate: false, communitySplit: { method: 'cycle-history' } });
  });

  it.each(['bad-signature', 'foreign-signer'] as const)(
    'when an archiver\'s reply has a %s, then it is refused and the next archiver of the list answers',
    async (mode) => {
      const archiver = await standIn({ archiverModes: { 1: mode } });
      // The seed (archiver 0) lists both; rotation makes archiver 1 first on the second poll.
      const n = await network({ ARCHIVER_URLS: seed(archiver) });
      await n.service.pollNetworkNow();
      const snapshot = await n.service.pollNetworkNow();

      expect(snapshot.provenance?.counts?.from).toBe(archiver.archiver(0).url);
      expect(snapshot.source).toBe(LIVE_LABEL);
      expect(archiver.callsTo(1)).toContain('cycleinfo');
    },
  );

  it('when the seed is pinned to another key, then its archiver list is refused, its own cycles too, and no archiver is believed', async () => {
    const archiver = await standIn();
    const n = await network({ ARCHIVER_URLS: `${archiver.archiver(0).url}#${'0'.repeat(64)}` });

    const snapshot = await n.service.pollNetworkNow();

    expect(snapshot).toMatchObject({ source: 'shardeum_official_specifications', isEstimate: true });
    // With no list, the pinned seed itself is asked (its key is known), and refused: signed by another key.
    expect(archiver.callsTo(1)).toEqual([]);
    expect(snapshot.archivers).toEqual({ agreement: 'none', agreeing: 0, asked: 1, refused: [{ archiver: archiver.archiver(0).url, reason: 'untrusted' }] });
  });

  it('when polls run, then successive polls rotate over the listed archivers', async () => {
    const archiver = await standIn({ archivers: 3 });
    const n = await network({ ARCHIVER_URLS: seed(archiver) });
    const froms = [];
    for (let i = 0; i < 3; i += 1) froms.push((await n.service.pollNetworkNow()).provenance?.counts?.from);
    expect(froms).toEqual(archiver.archivers.map((a) => a.url));
  });

  it('when a snapshot is stored, then a network.updated event carries it', async () => {
    const archiver = await standIn({ network: { active: 300, foundation: 250, standby: 77 } });
    const n = await network({ ARCHIVER_URLS: seed(archiver) });

    const snapshot = await n.service.pollNetworkNow();

    const entries = (await redis.xrevrange(eventStream('network.updated'), '+', '-', 'COUNT', 20)) as StreamEntry[];
    const payloads = entries.map((entry) => eventPayload<unknown>(entry));
    expect(payloads).toContainEqual({ network: snapshot, at: snapshot.lastUpdated });
  });

  it('when the first seed is down, then the second seed gives the list', async () => {
    const archiver = await standIn();
    const n = await network({ ARCHIVER_URLS: `${await closedUrl()},${seed(archiver, 1)}` });

    const snapshot = await n.service.pollNetworkNow();

    expect(snapshot.source).toBe(LIVE_LABEL);
  });

  it('when polls run, then /metrics counts each source asked by outcome and gives the stored snapshot\'s age', async () => {
    const archiver = await standIn({ archiverModes: { 0: 'down' } });
    const n = await network({ ARCHIVER_URLS: seed(archiver, 1), PRICE_API_URL: `${archiver.archiver(1).url}/api/v3/simple/price`, ARCHIVER_DISCOVERY: 'true' });
    const before = await scrape(`${n.server.url}/metrics`);
    // No snapshot under this instance's prefix yet.
    expect(before.find('network_snapshot_age_seconds')).toEqual([{ name: 'network_snapshot_age_seconds', labels: { service: 'network' }, value: Infinity }]);

    await n.service.pollNetworkNow();
    await n.service.pollNetworkNow();
    const after = await scrape(`${n.server.url}/metrics`);
    const polls = (source: string, outcome: string) => after.sum('network_polls_total', { source, outcome });
    // Every poll asks every archiver for its latest cycles (the quorum): archiver 0 (down) fails in
    // both polls, archiver 1 answers in both and gives the figures (a single source).
    expect([polls('archiver', 'failed'), polls('archiver', 'ok'), polls('rpc', 'ok')]).toEqual([2, 2, 0]);
    expect(after.types.get('network_polls_total')).toBe('counter');
    const age = after.sum('network_snapshot_age_seconds');
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(10);
  });

  it('when every archiver is down and no fallback is configured, then the estimate is served with isEstimate', async () => {
    const down = await standIn({ mode: 'down' });
    const n = await network({ ARCHIVER_URLS: `${await closedUrl()},${seed(down)}` });

    await n.service.pollNetworkNow();
    const res = await n.get<NetworkDataReply>('/api/shardeum-network');

    expect(res.body.data).toMatchObject({ source: 'shardeum_official_specifications', isEstimate: true, totalNodes: 256 });
  });

  it('when every archiver is down, then the real-shaped JSON-RPC answers with the last split known; when it is malformed too, then the explorer does', async () => {
    const archiver = await standIn();
    const n = await network({ ARCHIVER_URLS: seed(archiver), NETWORK_RPC_URL: archiver.url, EXPLORER_API_URL: archiver.url });
    await n.service.pollNetworkNow();
    archiver.configure({ archiverModes: { 0: 'down', 1: 'down' } });
    // The directory keeps its list; both archivers now fail.

    const viaRpc = await n.service.pollNetworkNow();
    // shardeum_getCycleInfo answers cycleCounter and a top-level desired (json-rpc-server 4dfea37).
    expect(viaRpc).toMatchObject({ source: 'rpc_analysis', totalNodes: 255, activeSlots: 22, isEstimate: true, communitySplit: { method: 'last-known' } });
    expect(viaRpc.cycleCounter).toBe(archiver.counter());
    expect(viaRpc.desiredNodes).toBeGreaterThan(0);

    archiver.configure({ modes: { rpc: 'malformed' } });
    expect(await n.service.pollNetworkNow()).toMatchObject({ source: 'explorer_api', totalNodes: 255, standbyNodes: 412 });
  });

  it.each([
    ['malformed', {}],
    ['not-json', {}],
    ['redirect', {}],
    ['oversized', { UPSTREAM_MAX_BYTES: String(1024 * 1024) }],
  ] as const)('when archiver 0 replies %s, then it is rejected and archiver 1 answers', async (mode, env) => {
    const archiver = await standIn({ oversizedBytes: 4 * 1024 * 1024 });
    const n = await network({ ARCHIVER_URLS: seed(archiver), ...env });
    await n.service.pollNetworkNow();
    archiver.configure({ archiverModes: { 0: mode } });
    // Polls 2 and 3: one of them starts at archiver 0.
    const snapshots = [await n.service.pollNetworkNow(), await n.service.pollNetworkNow()];

    expect(snapshots.map((s) => s.source)).toEqual([LIVE_LABEL, LIVE_LABEL]);
    expect(snapshots.map((s) => s.provenance?.counts?.from)).toEqual([archiver.archiver(1).url, archiver.archiver(1).url]);
  });

  it('when an archiver is slow, then it is abandoned at the timeout and the next answers', async () => {
    const archiver = await standIn({ slowMs: 10_000 });
    const n = await network({ ARCHIVER_URLS: seed(archiver), UPSTREAM_TIMEOUT_MS: '300' });
    await n.service.pollNetworkNow();
    archiver.configure({ archiverModes: { 1: 'slow' } });

    const started = Date.now();
    const snapshot = await n.service.pollNetworkNow();

    expect(snapshot.provenance?.counts?.from).toBe(archiver.archiver(0).url);
    // Not waited for: the poll ends long before the slow archiver's 10 s answer (the rest of the poll,
    // its history writes included, takes about a second on a busy machine).
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('when the cycle records are malformed but the node lists answer, then no archiver figure is used: a node list names no cycle to confirm, so the estimate is served and says so', async () => {
    const archiver = await standIn({ shape: 'tidy', modes: { cycleinfo: 'malformed' } });
    const n = await network({ ARCHIVER_URLS: seed(archiver) });

    const snapshot = await n.service.pollNetworkNow();

    expect(snapshot).toMatchObject({ source: 'shardeum_official_specifications', isEstimate: true });
    expect(snapshot.archivers).toMatchObject({ agreement: 'none', agreeing: 0, asked: 2 });
    expect(snapshot.archivers?.refused.map((r) => r.reason)).toEqual(['unreachable', 'unreachable']);
  });

  it('when nothing was ever polled, then GET answers 503 in the error shape', async () => {
    const n = await network({ ARCHIVER_URLS: await closedUrl() });
    const res = await n.get<NetworkDataReply>('/api/shardeum-network');
    expect(res.status).toBe(503);
    expect(errorOf(res)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Network data is not available yet' });
  });

  it('when the poller runs as a BullMQ worker, then its first scheduled poll fills the snapshot', async () => {
    const archiver = await standIn();
    const n = await network({ ARCHIVER_URLS: seed(archiver), POLLING_ENABLED: 'true', NETWORK_POLL_MS: '600000' });

    const data = await waitFor(async () => {
      const res = await n.get<NetworkDataReply>('/api/shardeum-network');
      return res.status === 200 ? res.body.data : undefined;
    });

    expect(data.source).toBe(LIVE_LABEL);
  });
});
