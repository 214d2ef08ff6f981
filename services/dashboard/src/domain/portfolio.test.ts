import type { NetworkData, NodeStatus } from '@shm/contracts';
import type { DashboardDomain } from './deps';
import type { PortfolioRecord } from './ports';
import { createPortfolioEntry, listPortfolio, updatePortfolioEntry } from './portfolio';

const WALLET = '0x' + '1'.repeat(40);
const KEY_B = 'b'.repeat(64);
const KEY_C = 'c'.repeat(64);
const NOW = new Date('2026-01-31T00:00:00Z');

/** 10 SHM/h, 30 active, 270 standby → 10 × 720 × 30/300 = 720 SHM a month per node. */
const network: NetworkData = {
  totalNodes: 300,
  activeSlots: 30,
  standbyNodes: 270,
  communityNodes: 300,
  source: 'archiver_live_data',
  isEstimate: false,
  lastUpdated: '2026-01-30T00:00:00.000Z',
  rewardPerHour: 10,
};

const record = (id: string, fields: Partial<PortfolioRecord>): PortfolioRecord => ({
  id,
  walletAddress: WALLET,
  nodeCount: 1,
  actualInvestment: 0,
  shmPriceAtEntry: 0.1,
  actualRewards: 0,
  entryDate: '2026-01-01',
  nodePublicKey: null,
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
  ...fields,
});

/** B: active Jan 5 → Jan 15 (2400 SHM), in standby since. C: never seen by the tracker. */
const statusB: NodeStatus = {
  publicKey: KEY_B,
  state: 'standby',
  since: '2026-01-15T00:00:00.000Z',
  firstSeen: '2025-12-01T00:00:00.000Z',
  lastChange: 'removed',
  activePeriods: [{ start: '2026-01-05T00:00:00.000Z', end: '2026-01-15T00:00:00.000Z', earnedSHM: 2400 }],
  earnedSHM: 2400,
};
const statusC: NodeStatus = { publicKey: KEY_C, state: 'unknown', since: null, firstSeen: null, lastChange: null, activePeriods: [], earnedSHM: 0 };

/**
 * A: 3 typed nodes since Jan 16 (15 days = ½ month → 3 × 720 × ½ = 1080 expected), 1620 received.
 * B: linked, typed 500 received; C: linked, typed 100 received; both from Jan 1 (30 days = 1 month → 720 expected).
 */
const records = () => [
  record('a', { nodeCount: 3, actualRewards: 1620, entryDate: '2026-01-16' }),
  record('b', { nodePublicKey: KEY_B, actualRewards: 500 }),
  record('c', { nodePublicKey: KEY_C, actualRewards: 100 }),
];

function fakeDomain(stored: PortfolioRecord[], statuses: NodeStatus[] | null) {
  const asked: string[][] = [];
  const d = {
    portfolio: {
      list: async () => stored,
      get: async (_w: string, id: string) => stored.find((r) => r.id === id) ?? null,
      count: async () => stored.length,
      countLinked: async () => stored.filter((r) => r.nodePublicKey).length,
      linkedIn: async (_w: string, key: string) => stored.find((r) => r.nodePublicKey === key)?.id ?? null,
      insert: async (r: PortfolioRecord) => void stored.push(r),
      update: async (_w: string, id: string, changes: Partial<PortfolioRecord>) => {
        const i = stored.findIndex((r) => r.id === id);
        const current = stored[i];
        if (!current) return null;
        const updated = { ...current, ...changes };
        stored[i] = updated;
        return updated;
      },
    },
    nodes: {
      lookup: async (keys: string[]) => {
        asked.push(keys);
        return statuses && statuses.filter((s) => keys.includes(s.publicKey));
      },
    },
    lock: { run: <T>(_w: string, work: (held: AbortSignal) => Promise<T>) => work(new AbortController().signal) },
    // No profile: the fleet prices with each entry's price at entry (fleet.test.ts covers the figures).
    profiles: { list: async () => [] },
    defaults: { get: async () => null },
    network: { current: () => network },
    now: () => NOW,
    newId: () => 'new',
  } as unknown as DashboardDomain;
  return { d, asked };
}

describe('the portfolio with linked nodes', () => {
  it('when typed and linked entries mix, then the totals add the typed rewards of one and the earned SHM of the other', async () => {
    const { d, asked } = fakeDomain(records(), [statusB, statusC]);
    const { entries, totals } = await listPortfolio(d, WALLET);
    expect(asked).toEqual([[KEY_B, KEY_C]]);
    expect(entries.map((e) => e.performance.source)).toEqual(['typed', 'node', 'node']);
    expect(entries[1]?.node?.earnedSHM).toBe(2400);
    expect(entries[1]?.performance.ratio).toBeCloseTo(2400 / 720, 12);
    // C was never seen: nothing earned against one node's month.
    expect(entries[2]?.performance.ratio).toBe(0);
    expect(totals).toEqual({
      entries: 3,
      nodes: 5, // 3 typed + 2 linked (one each)
      linkedNodes: 2,
      states: { standby: 1, syncing: 0, active: 0, gone: 0, unknown: 1, unavailable: 0 },
      actualSHM: 1620 + 2400 + 0,
      expectedSHM: expect.closeTo(1080 + 720 + 720, 8) as unknown,
      ratio: expect.closeTo(4020 / 2520, 12) as unknown,
    });
  });

  it('when the network service cannot be asked, then linked entries list with no status, their typed figures, and count as unavailable', async () => {
    const { d } = fakeDomain(records(), null);
    const { entries, totals } = await listPortfolio(d, WALLET);
    expect(entries.map((e) => e.node?.status ?? null)).toEqual([null, null, null]);
    expect(entries.map((e) => e.performance.source)).toEqual(['typed', 'typed', 'typed']);
    expect(entries[1]?.performance.ratio).toBeCloseTo(500 / 720, 12);
    expect(totals.states).toEqual({ standby: 0, syncing: 0, active: 0, gone: 0, unknown: 0, unavailable: 2 });
    expect(totals.actualSHM).toBe(1620 + 500 + 100);
    expect(totals.ratio).toBeCloseTo(2220 / 2520, 12);
  });

  it('when no entry is linked, then the network service is not asked', async () => {
    const { d, asked } = fakeDomain([record('a', { nodeCount: 2 })], [statusB]);
    const { entries, totals } = await listPortfolio(d, WALLET);
    expect(asked).toEqual([]);
    expect(entries[0]?.node).toBeNull();
    expect(totals).toMatchObject({ entries: 1, nodes: 2, linkedNodes: 0 });
  });

  it('when an entry is linked on creation or by an edit, then it is stored as one node; unlinking keeps the count unless it is sent', async () => {
    const stored = [record('a', { nodeCount: 4 })];
    const { d } = fakeDomain(stored, [statusB]);
    const created = await createPortfolioEntry(d, WALLET, { nodeCount: 3, actualInvestment: 0, shmPriceAtEntry: 0.1, actualRewards: 0, entryDate: '2026-01-01', nodePublicKey: KEY_C });
    expect(created).toMatchObject({ id: 'new', nodeCount: 1, nodePublicKey: KEY_C });
    const linked = await updatePortfolioEntry(d, WALLET, 'a', { nodePublicKey: KEY_B, nodeCount: 7 });
    expect(linked).toMatchObject({ nodeCount: 1, nodePublicKey: KEY_B, node: { status: statusB } });
    const unlinked = await updatePortfolioEntry(d, WALLET, 'a', { nodePublicKey: null });
    expect(unlinked).toMatchObject({ nodeCount: 1, nodePublicKey: null, node: null, performance: { source: 'typed' } });
  });

  it('when a key is already linked by another entry of the wallet, then linking it again is refused with 409', async () => {
    const { d } = fakeDomain(records(), [statusB]);
    await expect(updatePortfolioEntry(d, WALLET, 'a', { nodePublicKey: KEY_B })).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'This node is already in your portfolio',
    });
    // The entry that holds it may keep it.
    await expect(updatePortfolioEntry(d, WALLET, 'b', { nodePublicKey: KEY_B, label: 'Mine' })).resolves.toMatchObject({ label: 'Mine' });
  });
});
