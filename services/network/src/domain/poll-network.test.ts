import type { NetworkData } from '@shm/contracts';
import { createLogger } from '@shm/platform';
import { archiverDirectory } from './archiver-directory';
import { pollNetwork, type PollNetworkDeps } from './poll-network';
import type { ArchiverEndpoint, ArchiverPort, ListedNode } from './ports';
import { quietCycle } from './testing/cycle-records';
import { memoryHistory, memoryIdentity, memorySnapshots, noHistory, noPrice } from './testing/memory-stores';

const logger = createLogger('test', 'silent');
const failing = async (): Promise<never> => {
  throw new Error('down');
};
const A: ArchiverEndpoint = { url: 'http://a', publicKey: 'aa'.repeat(32) };
const B: ArchiverEndpoint = { url: 'http://b', publicKey: 'bb'.repeat(32) };
const downArchiver: ArchiverPort = {
  archivers: async () => [A, B],
  latestCycles: failing,
  cycleRange: failing,
  activeNodes: failing,
  standbyNodes: failing,
  syncingNodes: failing,
  networkAccount: failing,
};

const cycle = quietCycle;
/** 10 active nodes: f0, f1 foundation, c0…c7 community; the list may have lost the flags. */
const activeList = (withFlags: boolean): ListedNode[] =>
  ['f0', 'f1', 'c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'].map((publicKey) => ({
    publicKey,
    ...(withFlags ? { foundation: publicKey.startsWith('f') } : {}),
  }));
const joins = (keys: string[]) => keys.map((publicKey) => ({ publicKey, id: `id-${publicKey}`, foundation: publicKey.startsWith('f') }));

const deps = (overrides: Partial<PollNetworkDeps> = {}): PollNetworkDeps => ({
  directory: archiverDirectory({ seeds: [{ url: 'http://a', publicKey: A.publicKey }], archiver: overrides.archiver ?? downArchiver, discovery: true, refreshMs: 60_000, logger }),
  archiver: downArchiver,
  history: memoryHistory(),
  ingest: { rangesPerPoll: 5, windowCycles: 50, backfillMax: 10_000 },
  // The records here start in 2023: freshness against the clock is archiver-quorum.test.ts's subject.
  quorum: { identity: memoryIdentity(), maxLagCycles: Number.MAX_SAFE_INTEGER },
  snapshots: memorySnapshots(),
  networkHistory: noHistory,
  prices: noPrice,
  publish: async () => undefined,
  keepLiveMs: 60_000,
  logger,
  now: () => new Date('2025-11-21T12:00:00Z'),
  ...overrides,
});

describe('pollNetwork: the split', () => {
  it('when the first archiver fails, then the second answers, and a list where every node is flagged gives the exact split', async () => {
    const archiver: ArchiverPort = {
      ...downArchiver,
      latestCycles: async (a) => (a.url === 'http://a' ? failing() : [cycle(100)]),
      activeNodes: async (a) => (a.url === 'http://a' ? failing() : activeList(true)),
    };
    const published: NetworkData[] = [];
    const snapshot = await pollNetwork(deps({ archiver, publish: async (s) => void published.push(s) }));
    // 10 active, 2 flagged foundation → 8 community slots; 8 + 20 standby compete.
    expect(snapshot).toMatchObject({ totalNodes: 10, activeSlots: 8, communityNodes: 28, totalFoundationNodes: 2, isEstimate: false });
    expect(snapshot.communitySplit).toEqual({ method: 'node-flags', knownFoundation: 2, knownCommunity: 8, unknown: 0 });
    expect(snapshot.provenance?.counts).toEqual({ origin: 'archiver', from: 'http://b', at: '2025-11-21T12:00:00.000Z' });
    expect(published).toEqual([snapshot]);
  });

  it('when the list lost every flag but the latest cycles hold every join, then the split is recovered exactly from the history', async () => {
    const archiver: ArchiverPort = {
      ...downArchiver,
      latestCycles: async () => [cycle(100), cycle(99, { joined: joins(['f0', 'f1', 'c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']) })],
      cycleRange: async () => [],
      activeNodes: async () => activeList(false),
    };
    const snapshot = await pollNetwork(deps({ archiver }));
    expect(snapshot.communitySplit).toEqual({ method: 'cycle-history', knownFoundation: 2, knownCommunity: 8, unknown: 0 });
    expect(snapshot).toMatchObject({ activeSlots: 8, isEstimate: false, source: 'archiver_live_data_foundation_2_community_8_active_10_standby_20' });
  });

  it('when the foundation joins are older than the latest cycles, then the history is read back by range until they are found', async () => {
    const ranges: [number, number][] = [];
    const archiver: ArchiverPort = {
      ...downArchiver,
      // The community nodes joined recently; the foundation nodes at cycle 5, far back.
      latestCycles: async () => [cycle(900, { joined: joins(['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']) })],
      cycleRange: async (_a, start, end) => {
        ranges.push([start, end]);
        return start <= 5 ? [cycle(5, { joined: joins(['f0', 'f1']) })] : [cycle(start)];
      },
      activeNodes: async () => activeList(false),
    };
    const snapshot = await pollNetwork(deps({ archiver, ingest: { rangesPerPoll: 20, windowCycles: 50, backfillMax: 10_000 } }));
    // 900 → back 100 at a time: 800–899, 700–799, …, 0–99 (nine reads), then every flag is known.
    expect(ranges).toEqual([800, 700, 600, 500, 400, 300, 200, 100, 0].map((start) => [start, start + 99]));
    expect(snapshot.communitySplit).toEqual({ method: 'cycle-history', knownFoundation: 2, knownCommunity: 8, unknown: 0 });
  });

  it('when some flags stay unknown, then those nodes count as foundation, the community count is an estimate and never larger than the known community', async () => {
    const archiver: ArchiverPort = {
      ...downArchiver,
      // Only c0…c4 joined within what is read; c5…c7, f0, f1 stay unknown.
      latestCycles: async () => [cycle(100, { joined: joins(['c0', 'c1', 'c2', 'c3', 'c4']) })],
      cycleRange: async (_a, start) => [cycle(start)],
      activeNodes: async () => activeList(false),
    };
    const snapshot = await pollNetwork(deps({ archiver, ingest: { rangesPerPoll: 0, windowCycles: 50, backfillMax: 10_000 } }));
    expect(snapshot.communitySplit).toEqual({ method: 'partial', knownFoundation: 0, knownCommunity: 5, unknown: 5 });
    // foundation = 0 known + 5 unknown; community slots = 10 − 5 = 5, the known community nodes only.
    expect(snapshot).toMatchObject({ activeSlots: 5, totalFoundationNodes: 5, communityNodes: 25, isEstimate: true });
    expect(snapshot.source).toBe('archiver_calculated_active_10_standby_20');
  });

  it('when the flags were recovered once, then a later poll whose list and latest cycles carry none keeps the split (remembered)', async () => {
    const history = memoryHistory();
    const first: ArchiverPort = { ...downArchiver, latestCycles: async () => [cycle(100)], activeNodes: async () => activeList(true) };
    await pollNetwork(deps({ archiver: first, history }));
    const later: ArchiverPort = { ...downArchiver, latestCycles: async () => [cycle(101)], cycleRange: async () => [], activeNodes: async () => activeList(false) };
    const snapshot = await pollNetwork(deps({ archiver: later, history }));
    expect(snapshot.communitySplit).toEqual({ method: 'cycle-history', knownFoundation: 2, knownCommunity: 8, unknown: 0 });
  });
});

describe('pollNetwork: fallbacks', () => {
  it('when every archiver fails, then the JSON-RPC answers and the split is the last one known, as an estimate', async () => {
    const history = memoryHistory();
    await history.setLastKnownFoundation(3);
    const snapshot = await pollNetwork(deps({ history, rpc: { cycleCounts: async () => ({ active: 5, standby: 6 }) } }));
    expect(snapshot).toMatchObject({ source: 'rpc_analysis', totalNodes: 5, activeSlots: 2, isEstimate: true });
    expect(snapshot.communitySplit?.method).toBe('last-known');
  });

  it('when no split was ever known, then the documented share of community slots is assumed (20 of 256), never the whole active set', async () => {
    const snapshot = await pollNetwork(deps({ rpc: { cycleCounts: async () => ({ active: 512, standby: 6 }) } }));
    // 512 × 20 / 256 = 40 community slots.
    expect(snapshot).toMatchObject({ activeSlots: 40, totalFoundationNodes: 472, isEstimate: true });
    expect(snapshot.communitySplit?.method).toBe('assumed');
  });

  it('when the RPC fails too, then the explorer answers', async () => {
    const snapshot = await pollNetwork(deps({ rpc: { cycleCounts: failing }, explorer: { cycleCounts: async () => ({ active: 5, standby: 6 }) } }));
    expect(snapshot.source).toBe('explorer_api');
    expect(snapshot.provenance?.counts?.origin).toBe('explorer');
  });

  it('when sources fail one after another, then each one asked is reported with its outcome, in order', async () => {
    const reported: string[] = [];
    const outcomes = { record: (source: string, ok: boolean) => void reported.push(`${source} ${ok ? 'ok' : 'failed'}`) };
    await pollNetwork(deps({ outcomes, rpc: { cycleCounts: failing }, explorer: { cycleCounts: async () => ({ active: 5, standby: 6 }) } }));
    expect(reported).toEqual(['archiver failed', 'archiver failed', 'rpc failed', 'explorer ok']);
  });

  it('when nothing answers and nothing is stored, then the official estimate is stored with isEstimate', async () => {
    const snapshots = memorySnapshots();
    const snapshot = await pollNetwork(deps({ snapshots }));
    expect(snapshot).toMatchObject({ source: 'shardeum_official_specifications', isEstimate: true, totalNodes: 256 });
    expect(snapshots.saved).toHaveLength(1);
  });

  it('when nothing answers but a recent live snapshot (even an estimated split) is stored, then its figures and time are kept with this poll\'s verdict on the archivers, and nothing is published', async () => {
    const previous: NetworkData = {
      totalNodes: 9,
      activeSlots: 2,
      standbyNodes: 3,
      communityNodes: 5,
      source: 'archiver_calculated_active_9_standby_3',
      isEstimate: true,
      lastUpdated: '2025-11-21T11:59:30.000Z',
    };
    const published: NetworkData[] = [];
    const snapshots = memorySnapshots(previous);
    const snapshot = await pollNetwork(deps({ snapshots, publish: async (s) => void published.push(s) }));
    const refused = ['http://a', 'http://b'].map((archiver) => ({ archiver, reason: 'unreachable' }));
    expect(snapshot).toEqual({ ...previous, archivers: { agreement: 'none', agreeing: 0, asked: 2, refused } });
    expect(await snapshots.get()).toEqual(snapshot);
    expect(published).toEqual([]);
  });
});
