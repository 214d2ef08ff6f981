import { DASHBOARD_LIMITS, dashboardContract, pathOf, type NetworkData, type NodeStatus, type PortfolioEntryReply, type PortfolioReply } from '@shm/contracts';
import { connectMongo } from '@shm/platform/mongo';
import { createRedis, publishEvent, type Redis } from '@shm/platform/redis';
import { errorOf, TEST_REDIS_URL } from '@shm/platform/testing';
import { newWallet, startDashboard, type DashboardUnderTest } from './support/dashboard-under-test';
import { startNetworkStandIn, type NetworkStandIn } from './support/network-stand-in';
import { entryBody } from './support/samples';

jest.setTimeout(60_000);

// A fixed "today": 2026-01-31, 30 days (one 30-day month) after 2026-01-01.
const NOW = new Date('2026-01-31T00:00:00Z');
const key = (n: number) => n.toString(16).padStart(64, '0');
const KEY = 'ab'.repeat(32);

/** 10 SHM/h, 30 active, 270 standby → 10 × 720 × 30/300 = 720 SHM a month per node; nodes wait 120 h (p50) and 336 h (p90) to activation. */
const snapshot = (): NetworkData => ({
  totalNodes: 300,
  activeSlots: 30,
  standbyNodes: 270,
  communityNodes: 300,
  source: 'archiver_live_data',
  isEstimate: false,
  lastUpdated: new Date().toISOString(),
  rewardPerHour: 10,
  rotation: {
    cyclesObserved: 1000,
    cycleSeconds: 60,
    activationsPerCycle: 0.5,
    removalsPerCycle: 0.5,
    standbyAddsPerCycle: 0.5,
    activePeriod: { hours: 48, method: 'observed', observed: 40 },
    waitToActive: { p10Hours: 24, p50Hours: 120, p90Hours: 336 },
    activeShare: 0.2,
  },
});

/** Active 2026-01-05 → 01-15 (10 days × 24 h × 10 SHM/h = 2400 SHM), in standby since. */
const standbyNode = (publicKey: string): NodeStatus => ({
  publicKey,
  state: 'standby',
  since: '2026-01-15T00:00:00.000Z',
  firstSeen: '2025-12-01T00:00:00.000Z',
  lastChange: 'standby-added',
  activePeriods: [{ start: '2026-01-05T00:00:00.000Z', end: '2026-01-15T00:00:00.000Z', earnedSHM: 2400 }],
  earnedSHM: 2400,
});

let dash: DashboardUnderTest;
let network: NetworkStandIn;
let redis: Redis;

const portfolioOf = async (wallet: string) => dash.call<PortfolioReply>('GET', pathOf(dashboardContract.portfolio, { address: wallet }), { wallet });
const create = (wallet: string, extra: Record<string, unknown> = {}) => dash.call<PortfolioEntryReply>('POST', dashboardContract.createEntry.path, { wallet, body: entryBody(extra) });
const patch = (wallet: string, entryId: string, body: unknown) => dash.call<PortfolioEntryReply>('PATCH', pathOf(dashboardContract.updateEntry, { address: wallet, entryId }), { wallet, body });

beforeAll(async () => {
  redis = createRedis(TEST_REDIS_URL, 'client');
  network = await startNetworkStandIn();
  dash = await startDashboard({ now: () => NOW, env: { NETWORK_URL: network.url, NETWORK_LOOKUP_TIMEOUT_MS: '300' } });
  const live = snapshot();
  await publishEvent(redis, 'network.updated', { network: live, at: live.lastUpdated });
  const deadline = Date.now() + 5000;
  const probe = newWallet();
  while ((await portfolioOf(probe)).body.basis.lastUpdated !== live.lastUpdated) {
    if (Date.now() > deadline) throw new Error('the dashboard did not follow network.updated');
    await new Promise((r) => setTimeout(r, 20));
  }
});
afterEach(() => {
  network.mode = 'up';
  network.statuses.clear();
});
afterAll(async () => {
  await dash.stop();
  await network.stop();
  redis.disconnect();
});

describe('linking portfolio entries to nodes', () => {
  it('when an entry names a node key, then it is one node with the network’s state, earned SHM and wait, and the list asks once for all keys', async () => {
    const wallet = newWallet();
    network.statuses.set(KEY, standbyNode(KEY));
    const created = await create(wallet, { nodePublicKey: KEY.toUpperCase(), nodeCount: 3, actualRewards: 50 });
    expect(created.status).toBe(201);
    const entry = created.body.entry;
    expect(entry).toMatchObject({ nodePublicKey: KEY, nodeCount: 1, node: { status: standbyNode(KEY), activePeriodsThisMonth: 1 } });
    // 2400 SHM earned against one node's 720 SHM for the 30 days since 2026-01-01: 10/3.
    expect(entry.node?.earnedSHM).toBe(2400);
    expect(entry.node?.earnedThisMonthSHM).toBe(2400);
    expect(entry.node?.timeInStateSeconds).toBe(16 * 86_400);
    expect(entry.node?.standbyWait).toEqual({ waitedDays: 16, p50Days: 5, p90Days: 14 });
    expect(entry.performance).toEqual({ monthsElapsed: 1, expectedRewards: expect.closeTo(720, 8) as unknown, ratio: expect.closeTo(10 / 3, 12) as unknown, source: 'node' });

    // One more linked entry (never seen by the tracker) and one typed: 2 nodes, 1000 SHM against 2 × 720.
    await create(wallet, { nodePublicKey: key(7) });
    await create(wallet);
    network.requests.length = 0;
    const { body } = await portfolioOf(wallet);
    // One request for both keys (the entries' order among equal creation times is the ids').
    expect(network.requests.map((keys) => [...keys].sort())).toEqual([[key(7), KEY].sort()]);
    expect(body.entries.map((listed) => listed.node?.status?.state ?? null).sort()).toEqual([null, 'standby', 'unknown'].sort());
    expect(body.totals).toEqual({
      entries: 3,
      nodes: 4,
      linkedNodes: 2,
      states: { standby: 1, syncing: 0, active: 0, gone: 0, unknown: 1, unavailable: 0 },
      actualSHM: 1000 + 0 + 2400,
      expectedSHM: expect.closeTo(1440 + 720 + 720, 8) as unknown,
      ratio: expect.closeTo(3400 / 2880, 12) as unknown,
    });
  });

  it('when an entry is unlinked, then it is typed again and the list no longer asks the network', async () => {
    const wallet = newWallet();
    network.statuses.set(KEY, standbyNode(KEY));
    const { entry } = (await create(wallet, { nodePublicKey: KEY, actualRewards: 360 })).body;
    const unlinked = await patch(wallet, entry.id, { nodePublicKey: null });
    expect(unlinked.status).toBe(200);
    // One node (linking set it) that received 360 SHM against 720: 0.5.
    expect(unlinked.body.entry).toMatchObject({ nodePublicKey: null, nodeCount: 1, node: null, performance: { source: 'typed', ratio: expect.closeTo(0.5, 12) as unknown } });
    network.requests.length = 0;
    expect((await portfolioOf(wallet)).body.entries[0]).toEqual(unlinked.body.entry);
    expect(network.requests).toEqual([]);
    // Linked again by an edit.
    expect((await patch(wallet, entry.id, { nodePublicKey: KEY })).body.entry.node?.status?.state).toBe('standby');
  });

  it(`when a wallet links ${DASHBOARD_LIMITS.linkedNodes} nodes, then linking another is refused with 409 and typed entries still add`, async () => {
    const wallet = newWallet();
    const docs = Array.from({ length: DASHBOARD_LIMITS.linkedNodes }, (_, i) => ({
      _id: `linked-${i}`, wallet, ...entryBody(), nodeCount: 1, nodePublicKey: key(1000 + i), createdAt: NOW, updatedAt: NOW,
    }));
    // Seeded straight into the collection: 100 HTTP creations would only test the same path 100 times.
    const connection = await connectMongo(dash.config.MONGO_URL, dash.config.MONGO_DB);
    await connection.collection('portfolio_entries').insertMany(docs as never[]);
    await connection.close();

    const refused = await create(wallet, { nodePublicKey: key(1) });
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'LIMIT_REACHED', message: `A wallet can keep at most ${DASHBOARD_LIMITS.linkedNodes} linked nodes; delete one first` });
    const typed = await create(wallet);
    expect(typed.status).toBe(201);
    expect(errorOf(await patch(wallet, typed.body.entry.id, { nodePublicKey: key(1) })).code).toBe('LIMIT_REACHED');
    // Moving a linked entry to another key adds no link.
    expect((await patch(wallet, 'linked-0', { nodePublicKey: key(2) })).body.entry.nodePublicKey).toBe(key(2));
    const { body } = await portfolioOf(wallet);
    expect(body.totals).toMatchObject({ entries: DASHBOARD_LIMITS.linkedNodes + 1, linkedNodes: DASHBOARD_LIMITS.linkedNodes });
  });

  it('when a key is already linked in the wallet, then linking it again is refused; another wallet may watch it too', async () => {
    const wallet = newWallet();
    const other = newWallet();
    const first = (await create(wallet, { nodePublicKey: KEY })).body.entry;
    const again = await create(wallet, { nodePublicKey: KEY.toUpperCase() });
    expect(again.status).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'CONFLICT', message: 'This node is already in your portfolio' });
    const typed = (await create(wallet)).body.entry;
    expect((await patch(wallet, typed.id, { nodePublicKey: KEY })).status).toBe(409);
    expect((await patch(wallet, first.id, { nodePublicKey: KEY, label: 'Same key' })).status).toBe(200);
    const theirs = (await create(other, { nodePublicKey: KEY, label: 'Theirs' })).body.entry;
    expect(theirs.nodePublicKey).toBe(KEY);

    const watching = await dash.service.domain.portfolio.linkedTo([KEY.toUpperCase(), key(999_999)]);
    const mine = watching.filter((w) => w.walletAddress === wallet || w.walletAddress === other);
    expect(mine.sort((a, b) => a.walletAddress.localeCompare(b.walletAddress))).toEqual(
      [
        { walletAddress: wallet, id: first.id, label: 'Same key', nodePublicKey: KEY },
        { walletAddress: other, id: theirs.id, label: 'Theirs', nodePublicKey: KEY },
      ].sort((a, b) => a.walletAddress.localeCompare(b.walletAddress)),
    );
  });

  it('when another wallet’s entry is named, then linking or unlinking it answers 404 and changes nothing', async () => {
    const owner = newWallet();
    const intruder = newWallet();
    const entry = (await create(owner, { nodePublicKey: KEY })).body.entry;
    const res = await patch(intruder, entry.id, { nodePublicKey: null });
    expect(res.status).toBe(404);
    expect((await patch(intruder, entry.id, { nodePublicKey: key(3) })).status).toBe(404);
    expect((await portfolioOf(owner)).body.entries[0]?.nodePublicKey).toBe(KEY);
  });

  it('when an entry was stored before linking existed, then it reads as unlinked', async () => {
    const wallet = newWallet();
    const connection = await connectMongo(dash.config.MONGO_URL, dash.config.MONGO_DB);
    await connection.collection('portfolio_entries').insertOne({ _id: `old-${wallet}`, wallet, ...entryBody(), createdAt: NOW, updatedAt: NOW } as never);
    await connection.close();
    const { body } = await portfolioOf(wallet);
    expect(body.entries[0]).toMatchObject({ id: `old-${wallet}`, nodePublicKey: null, node: null, performance: { source: 'typed' } });
    expect(body.totals).toMatchObject({ linkedNodes: 0, nodes: 2 });
    // Only string keys count as links: not the missing field, not an unlinked entry's null.
    await create(wallet);
    await create(wallet, { nodePublicKey: key(5) });
    expect(await dash.service.domain.portfolio.countLinked(wallet)).toBe(1);
  });

  it.each(['error', 'hang', 'malformed'] as const)('when the network lookup fails (%s), then the portfolio still lists, the node has no status and counts as unavailable', async (mode) => {
    const wallet = newWallet();
    network.statuses.set(KEY, standbyNode(KEY));
    await create(wallet, { nodePublicKey: KEY, actualRewards: 360 });
    network.mode = mode;
    const res = await portfolioOf(wallet);
    expect(res.status).toBe(200);
    const [entry] = res.body.entries;
    expect(entry?.node).toEqual({ status: null, timeInStateSeconds: null, activePeriodsThisMonth: 0, earnedThisMonthSHM: 0, earnedSHM: 0, standbyWait: null });
    // The typed figures of the one node: 360 received against 720.
    expect(entry?.performance).toMatchObject({ source: 'typed', ratio: expect.closeTo(0.5, 12) as unknown });
    expect(res.body.totals.states).toEqual({ standby: 0, syncing: 0, active: 0, gone: 0, unknown: 0, unavailable: 1 });
  });
});
