import { eventStream } from '@shm/contracts';
import { createRedis, type Redis } from '@shm/platform';
import { scrape } from '@shm/platform/testing';
import { startArchiverAndPriceStandIn, type StandIn } from '../../../infra/stand-ins/archiver-and-price';
import { closedUrl, REDIS_URL, startNetwork, waitFor, type NetworkUnderTest } from './support/network-under-test';

jest.setTimeout(30_000);

const LIVE_LABEL = 'archiver_live_data_foundation_233_community_22_active_255_standby_412';

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

  const standIn = async (options: Parameters<typeof startArchiverAndPriceStandIn>[0] = {}) => {
    const s = await startArchiverAndPriceStandIn(options);
    standIns.push(s);
    return s;
  };
  const network = async (env: Record<string, string>): Promise<NetworkUnderTest> => {
    const n = await startNetwork(env);
    started.push(n);
    return n;
  };

  it('when the archiver is healthy, then GET answers its counts with the foundation split, reward and stake', async () => {
    const archiver = await standIn();
    const n = await network({ ARCHIVER_URLS: archiver.url });

    await n.service.pollNetworkNow();
    const res = await n.get('/api/shardeum-network');

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
      syncingNodes: 3,
      desiredNodes: 260,
      cycleDurationSeconds: 60,
      rewardPerHour: 10,
      stakeRequired: 2400,
    });
    expect(Date.now() - Date.parse(res.body.data.lastUpdated)).toBeLessThan(10_000);
  });

  it('when a snapshot is stored, then a network.updated event carries it', async () => {
    const archiver = await standIn({ network: { active: 300, foundation: 250, standby: 77 } });
    const n = await network({ ARCHIVER_URLS: archiver.url });

    const snapshot = await n.service.pollNetworkNow();

    const entries = (await redis.xrevrange(eventStream('network.updated'), '+', '-', 'COUNT', 20)) as [string, string[]][];
    const payloads = entries.map(([, fields]) => JSON.parse(fields[1]!));
    expect(payloads).toContainEqual({ network: snapshot, at: snapshot.lastUpdated });
  });

  it('when the first archiver is down, then the second answers', async () => {
    const second = await standIn();
    const n = await network({ ARCHIVER_URLS: `${await closedUrl()},${second.url}` });

    const snapshot = await n.service.pollNetworkNow();

    expect(snapshot.source).toBe(LIVE_LABEL);
    expect(second.count('cycleinfo')).toBe(1);
  });

  it('when polls run, then /metrics counts each source asked by outcome and gives the stored snapshot\'s age', async () => {
    const second = await standIn();
    const n = await network({ ARCHIVER_URLS: `${await closedUrl()},${second.url}`, PRICE_API_URL: `${second.url}/api/v3/simple/price` });
    const before = await scrape(`${n.server.url}/metrics`);
    // No snapshot under this instance's prefix yet.
    expect(before.find('network_snapshot_age_seconds')).toEqual([{ name: 'network_snapshot_age_seconds', labels: { service: 'network' }, value: Infinity }]);

    await n.service.pollNetworkNow();
    await n.service.pollNetworkNow();
    await n.service.pollPriceNow();
    const after = await scrape(`${n.server.url}/metrics`);
    const polls = (source: string, outcome: string) => after.sum('network_polls_total', { source, outcome });
    // Each poll asks the closed archiver (failed), then the stand-in (ok); the price feed answers once.
    expect([polls('archiver', 'failed'), polls('archiver', 'ok'), polls('price', 'ok'), polls('price', 'failed'), polls('rpc', 'ok')]).toEqual([2, 2, 1, 0, 0]);
    expect(after.types.get('network_polls_total')).toBe('counter');
    const age = after.sum('network_snapshot_age_seconds');
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(10);
  });

  it('when the first archiver answers 503, then the second answers', async () => {
    const first = await standIn({ mode: 'down' });
    const second = await standIn({ network: { active: 100, foundation: 60, standby: 40 } });
    const n = await network({ ARCHIVER_URLS: `${first.url},${second.url}` });

    const snapshot = await n.service.pollNetworkNow();

    expect(snapshot).toMatchObject({ totalNodes: 100, activeSlots: 40, standbyNodes: 40, isEstimate: false });
    expect(first.count('cycleinfo')).toBe(1);
  });

  it('when every archiver is down and no fallback is configured, then the estimate is served with isEstimate', async () => {
    const down = await standIn({ mode: 'down' });
    const n = await network({ ARCHIVER_URLS: `${await closedUrl()},${down.url}` });

    await n.service.pollNetworkNow();
    const res = await n.get('/api/shardeum-network');

    expect(res.body.data).toMatchObject({ source: 'shardeum_official_specifications', isEstimate: true, totalNodes: 256 });
  });

  it('when every archiver is down, then the JSON-RPC answers; when it is malformed too, then the explorer does', async () => {
    const down = await standIn({ mode: 'down' });
    const rpc = await standIn({ network: { active: 120, standby: 30 } });
    const n = await network({ ARCHIVER_URLS: down.url, NETWORK_RPC_URL: rpc.url, EXPLORER_API_URL: rpc.url });

    expect(await n.service.pollNetworkNow()).toMatchObject({ source: 'rpc_analysis', totalNodes: 120, activeSlots: 120 });

    rpc.configure({ modes: { rpc: 'malformed' } });
    expect(await n.service.pollNetworkNow()).toMatchObject({ source: 'explorer_api', totalNodes: 120, standbyNodes: 30 });
  });

  it.each([
    ['malformed', {}],
    ['not-json', {}],
    ['redirect', {}],
    ['oversized', { UPSTREAM_MAX_BYTES: String(256 * 1024) }],
  ] as const)('when the first archiver replies %s, then it is rejected and the second answers', async (mode, env) => {
    const bad = await standIn({ mode, oversizedBytes: 2 * 1024 * 1024 });
    const good = await standIn();
    const n = await network({ ARCHIVER_URLS: `${bad.url},${good.url}`, ...env });

    const snapshot = await n.service.pollNetworkNow();

    expect(snapshot.source).toBe(LIVE_LABEL);
    expect(bad.count('cycleinfo')).toBe(1);
    // The poller is still usable afterwards.
    expect((await n.service.pollNetworkNow()).source).toBe(LIVE_LABEL);
  });

  it('when the first archiver is slow, then it is abandoned at the timeout and the second answers', async () => {
    const slow = await standIn({ mode: 'slow', slowMs: 5_000 });
    const good = await standIn();
    const n = await network({ ARCHIVER_URLS: `${slow.url},${good.url}`, UPSTREAM_TIMEOUT_MS: '300' });

    const started = Date.now();
    const snapshot = await n.service.pollNetworkNow();

    expect(snapshot.source).toBe(LIVE_LABEL);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('when the cycle record is malformed but the node lists answer, then the counts come from the full node lists', async () => {
    const archiver = await standIn({ modes: { cycleinfo: 'malformed' } });
    const n = await network({ ARCHIVER_URLS: archiver.url });

    const snapshot = await n.service.pollNetworkNow();

    expect(snapshot).toMatchObject({
      source: 'archiver_full_data_foundation_233_community_22_active_255_standby_412',
      totalNodes: 255,
      standbyNodes: 412,
    });
  });

  it('when the node list carries no foundation flags, then the counts are labelled calculated without a split', async () => {
    const archiver = await standIn({ network: { foundationFlags: false } });
    const n = await network({ ARCHIVER_URLS: archiver.url });

    const snapshot = await n.service.pollNetworkNow();

    expect(snapshot).toMatchObject({ source: 'archiver_calculated_active_255_standby_412', activeSlots: 255 });
    expect(snapshot.totalFoundationNodes).toBeUndefined();
  });

  it('when nothing was ever polled, then GET answers 503 in the error shape', async () => {
    const n = await network({ ARCHIVER_URLS: await closedUrl() });
    const res = await n.get('/api/shardeum-network');
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Network data is not available yet' });
  });

  it('when the poller runs as a BullMQ worker, then its first scheduled poll fills the snapshot', async () => {
    const archiver = await standIn();
    const n = await network({ ARCHIVER_URLS: archiver.url, POLLING_ENABLED: 'true', NETWORK_POLL_MS: '600000' });

    const data = await waitFor(async () => {
      const res = await n.get('/api/shardeum-network');
      return res.status === 200 ? res.body.data : undefined;
    });

    expect(data.source).toBe(LIVE_LABEL);
  });
});
