import type { NetworkData } from '@shm/contracts';
import { nodePerformanceOf, performanceBasis, performanceOf } from './portfolio-performance';

const network = (overrides: Partial<NetworkData> = {}): NetworkData => ({
  totalNodes: 300,
  activeSlots: 30,
  standbyNodes: 270,
  communityNodes: 300,
  source: 'archiver_live_data',
  isEstimate: false,
  lastUpdated: '2026-03-01T12:00:00.000Z',
  ...overrides,
});

describe('portfolio performance', () => {
  it('when no network snapshot was seen, then the basis is the calculator defaults: 10 × 720 × 20/220 SHM a month', () => {
    const { monthlySHMPerNode, ...rest } = performanceBasis(undefined);
    expect(rest).toEqual({ rewardPerHour: 10, activeCommunityNodes: 20, standbyNodes: 200, source: 'defaults', lastUpdated: null });
    expect(monthlySHMPerNode).toBeCloseTo(7200 / 11, 10);
  });

  it('when a snapshot carries a reward rate, then it is used; without one, the default 10 SHM/h is', () => {
    expect(performanceBasis(network({ rewardPerHour: 12 })).monthlySHMPerNode).toBeCloseTo(864, 10); // 12 × 720 × 30/300
    expect(performanceBasis(network()).monthlySHMPerNode).toBeCloseTo(720, 10); // 10 × 720 × 30/300
    expect(performanceBasis(network({ activeSlots: 0, standbyNodes: 0 })).monthlySHMPerNode).toBe(7200); // the form's minimum of 1 active, no standby
  });

  it('when 45 days passed for 3 nodes at 720 SHM a month, then 3240 SHM are expected and 1620 received is a ratio of 0.5', () => {
    const basis = performanceBasis(network());
    const result = performanceOf({ nodeCount: 3, actualRewards: 1620, entryDate: '2026-01-01' }, basis, new Date('2026-02-15T00:00:00Z'));
    expect(result.monthsElapsed).toBeCloseTo(1.5, 12);
    expect(result.expectedRewards).toBeCloseTo(3240, 8);
    expect(result.ratio).toBeCloseTo(0.5, 12);
  });

  it('when the entry date is today or later, then nothing is expected yet and the ratio is null', () => {
    const basis = performanceBasis(network());
    expect(performanceOf({ nodeCount: 1, actualRewards: 5, entryDate: '2026-02-15' }, basis, new Date('2026-02-15T00:00:00Z'))).toEqual({
      monthsElapsed: 0,
      expectedRewards: 0,
      ratio: null,
      source: 'typed',
    });
    expect(performanceOf({ nodeCount: 1, actualRewards: 0, entryDate: '2027-01-01' }, basis, new Date('2026-02-15T00:00:00Z')).ratio).toBeNull();
  });
});

describe('linked node performance', () => {
  it('when a node earned 2400 SHM over a 30-day span at 720 SHM a month per node, then one node is expected to earn 720 and the ratio is 10/3', () => {
    const basis = performanceBasis(network()); // 10 × 720 × 30/300 = 720 SHM a month
    const from = Date.parse('2026-01-01T00:00:00Z');
    const result = nodePerformanceOf(2400, from, basis, new Date('2026-01-31T00:00:00Z'));
    expect(result.source).toBe('node');
    expect(result.monthsElapsed).toBeCloseTo(1, 12); // 30 days
    expect(result.expectedRewards).toBeCloseTo(720, 8);
    expect(result.ratio).toBeCloseTo(2400 / 720, 12);
  });

  it('when the span has not started yet, then nothing is expected and the ratio is null', () => {
    const basis = performanceBasis(network());
    expect(nodePerformanceOf(0, Date.parse('2026-02-01T00:00:00Z'), basis, new Date('2026-01-31T00:00:00Z'))).toEqual({
      monthsElapsed: 0,
      expectedRewards: 0,
      ratio: null,
      source: 'node',
    });
  });
});
