import type { NetworkData } from '@shm/contracts';
import { createLogger } from '@shm/platform';
import { pollNetwork, type PollNetworkDeps } from './poll-network';
import type { ArchiverPort, SnapshotStore } from './ports';

const logger = createLogger('test', 'silent');
const failing = async () => {
  throw new Error('down');
};
const downArchiver: ArchiverPort = { cycleCounts: failing, activeNodeFlags: failing, standbyCount: failing, networkAccount: failing };

function memoryStore(initial: NetworkData | null = null): SnapshotStore & { saved: NetworkData[] } {
  let current = initial;
  const saved: NetworkData[] = [];
  return {
    saved,
    get: async () => current,
    save: async (s) => {
      current = s;
      saved.push(s);
    },
  };
}

const deps = (overrides: Partial<PollNetworkDeps>): PollNetworkDeps => ({
  archiverUrls: ['http://a', 'http://b'],
  archiver: downArchiver,
  snapshots: memoryStore(),
  publish: async () => undefined,
  keepLiveMs: 60_000,
  logger,
  now: () => new Date('2025-11-21T12:00:00Z'),
  ...overrides,
});

describe('pollNetwork', () => {
  it('when the first archiver fails, then the second answers with live data', async () => {
    const archiver: ArchiverPort = {
      ...downArchiver,
      cycleCounts: async (url) => {
        if (url === 'http://a') throw new Error('down');
        return { active: 10, standby: 20 };
      },
      activeNodeFlags: async () => [true, true, false, false, false, false, false, false, false, false],
    };
    const published: NetworkData[] = [];
    const snapshot = await pollNetwork(deps({ archiver, publish: async (s) => void published.push(s) }));
    expect(snapshot).toMatchObject({ totalNodes: 10, activeSlots: 8, standbyNodes: 20, totalFoundationNodes: 2, isEstimate: false });
    expect(snapshot.lastUpdated).toBe('2025-11-21T12:00:00.000Z');
    expect(published).toEqual([snapshot]);
  });

  it('when the cycle record fails but the node lists answer, then the full-node-list source is used', async () => {
    const archiver: ArchiverPort = {
      ...downArchiver,
      activeNodeFlags: async () => [true, false, false],
      standbyCount: async () => 7,
    };
    const snapshot = await pollNetwork(deps({ archiver }));
    expect(snapshot.source).toBe('archiver_full_data_foundation_1_community_2_active_3_standby_7');
    expect(snapshot.communityNodes).toBe(9);
  });

  it('when every archiver fails, then the JSON-RPC fallback answers', async () => {
    const snapshot = await pollNetwork(deps({ rpc: { cycleCounts: async () => ({ active: 5, standby: 6 }) } }));
    expect(snapshot).toMatchObject({ source: 'rpc_analysis', totalNodes: 5, isEstimate: false });
  });

  it('when the RPC fails too, then the explorer answers', async () => {
    const snapshot = await pollNetwork(
      deps({ rpc: { cycleCounts: failing }, explorer: { cycleCounts: async () => ({ active: 5, standby: 6 }) } }),
    );
    expect(snapshot.source).toBe('explorer_api');
  });

  it('when sources fail one after another, then each one asked is reported with its outcome, in order', async () => {
    const reported: string[] = [];
    const outcomes = { record: (source: string, ok: boolean) => void reported.push(`${source} ${ok ? 'ok' : 'failed'}`) };
    await pollNetwork(deps({ outcomes, rpc: { cycleCounts: failing }, explorer: { cycleCounts: async () => ({ active: 5, standby: 6 }) } }));
    expect(reported).toEqual(['archiver failed', 'archiver failed', 'rpc failed', 'explorer ok']);
    reported.length = 0;
    await pollNetwork(deps({ outcomes, archiver: { ...downArchiver, cycleCounts: async () => ({ active: 3, standby: 4 }) } }));
    // The first archiver answered: nothing after it was asked.
    expect(reported).toEqual(['archiver ok']);
  });

  it('when nothing answers and nothing is stored, then the official estimate is stored with isEstimate', async () => {
    const snapshots = memoryStore();
    const snapshot = await pollNetwork(deps({ snapshots }));
    expect(snapshot).toMatchObject({ source: 'shardeum_official_specifications', isEstimate: true, totalNodes: 256 });
    expect(snapshots.saved).toHaveLength(1);
  });

  it('when nothing answers but a recent live snapshot is stored, then it is kept and nothing is published', async () => {
    const previous: NetworkData = {
      totalNodes: 9,
      activeSlots: 2,
      standbyNodes: 3,
      communityNodes: 5,
      source: 'archiver_live_data',
      isEstimate: false,
      lastUpdated: '2025-11-21T11:59:30.000Z',
    };
    const publish = jest.fn();
    const snapshot = await pollNetwork(deps({ snapshots: memoryStore(previous), publish }));
    expect(snapshot).toBe(previous);
    expect(publish).not.toHaveBeenCalled();
  });

  it('when nothing answers and the stored live snapshot is too old, then the estimate replaces it', async () => {
    const previous: NetworkData = {
      totalNodes: 9,
      activeSlots: 2,
      standbyNodes: 3,
      communityNodes: 5,
      source: 'archiver_live_data',
      isEstimate: false,
      lastUpdated: '2025-11-21T10:00:00.000Z',
    };
    const snapshot = await pollNetwork(deps({ snapshots: memoryStore(previous) }));
    expect(snapshot.isEstimate).toBe(true);
  });
});
