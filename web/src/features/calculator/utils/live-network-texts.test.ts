import type { LiveDefaultsReply, RotationStats } from '@shm/contracts';
import { activationText, liveSourceLines } from './live-network-texts';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');

const reply = (overrides: Partial<LiveDefaultsReply> = {}): LiveDefaultsReply => ({
  defaults: { totalNodes: 255, activeCommunityNodes: 22, standbyNodes: 412, activeNodes: 22 },
  source: 'archiver_live_data',
  isEstimate: false,
  lastUpdated: '2026-11-25T11:55:00.000Z',
  ...overrides,
});

describe('liveSourceLines', () => {
  it('when the counts came from an archiver 2 minutes ago, then the line names the archivers and the age', () => {
    const lines = liveSourceLines(reply({ provenance: { counts: { origin: 'archiver', from: 'http://35.238.248.68:4000', at: '2026-11-25T11:58:00.000Z' } } }), NOW);
    expect(lines).toEqual({ source: 'Live from the Shardeum archivers, 2 min ago', split: null });
  });

  it('when there is no provenance, then the snapshot time gives the age (5 min)', () => {
    expect(liveSourceLines(reply(), NOW).source).toBe('Live network data, 5 min ago');
  });

  it('when the split is partial, then a second line says how many flags are unknown', () => {
    const lines = liveSourceLines(reply({ communitySplit: { method: 'partial', knownFoundation: 200, knownCommunity: 22, unknown: 33 } }), NOW);
    expect(lines.split).toBe("Active community nodes is an estimate (33 nodes' foundation flag unknown, counted as foundation).");
  });

  it('when the split is exact, then there is no second line', () => {
    expect(liveSourceLines(reply({ communitySplit: { method: 'cycle-history', knownFoundation: 233, knownCommunity: 22, unknown: 0 } }), NOW).split).toBeNull();
  });
});

const rotation: RotationStats = {
  cyclesObserved: 2880,
  cycleSeconds: 60,
  activationsPerCycle: 0.012,
  removalsPerCycle: 0.012,
  standbyAddsPerCycle: 0.3,
  activePeriod: { hours: 4.4, method: 'observed', observed: 17 },
  waitToActive: { p10Hours: 0.5, p50Hours: 5.2, p90Hours: 81.6 },
  activeShare: 0.125,
};

describe('activationText', () => {
  it('when waits and the share are known, then both sentences carry them', () => {
    // P50 5.2 h; P90 81.6 h = 3.4 days; period 4.4 h; 0.125 = 12.5 %
    expect(activationText(rotation)).toBe(
      'Half of new standby nodes are active within 5.2 h; 9 in 10 within 3.4 days. One active period lasts about 4.4 h; a node is active 12.5% of the time.',
    );
  });

  it('when no activation was seen, then it says so and leaves the share out', () => {
    expect(activationText({ ...rotation, waitToActive: null, activeShare: null })).toBe(
      'No new standby node has been seen becoming active in the kept history yet. One active period lasts about 4.4 h.',
    );
  });
});
