import { snapshotFromCounts, snapshotFromFallback, ARCHIVER_CYCLE_SOURCES } from './network-snapshot';
import { splitOfActiveNodes, splitWithoutNodeList } from './community-split';
import { sourceLabel } from './source-label';

const counts = { active: 255, standby: 412, syncing: 3, desired: 260, counter: 9, durationSeconds: 60 };
const exact = { method: 'node-flags', knownFoundation: 233, knownCommunity: 22, unknown: 0 } as const;

describe('splitOfActiveNodes', () => {
  const nodes = [{ publicKey: 'a', foundation: true }, { publicKey: 'b' }, { publicKey: 'c' }, { publicKey: 'd', foundation: false }];

  it('when every node carries the flag in the list, then the split is exact from the node flags', () => {
    expect(splitOfActiveNodes([{ publicKey: 'a', foundation: true }, { publicKey: 'b', foundation: false }], new Map())).toEqual({
      method: 'node-flags',
      knownFoundation: 1,
      knownCommunity: 1,
      unknown: 0,
    });
  });

  it('when the list lost flags the history remembers, then the split is exact from the cycle history', () => {
    const remembered = new Map([['b', true], ['c', false]]);
    expect(splitOfActiveNodes(nodes, remembered)).toEqual({ method: 'cycle-history', knownFoundation: 2, knownCommunity: 2, unknown: 0 });
  });

  it('when some flags are known nowhere, then the split is partial and counts them apart', () => {
    expect(splitOfActiveNodes(nodes, new Map([['b', false]]))).toEqual({ method: 'partial', knownFoundation: 1, knownCommunity: 2, unknown: 1 });
  });
});

describe('splitWithoutNodeList', () => {
  it('when a foundation count was known before, then it is used, capped at the active count', () => {
    expect(splitWithoutNodeList(10, 12)).toEqual({ method: 'last-known', knownFoundation: 10, knownCommunity: 0, unknown: 0 });
  });

  it('when none was ever known, then the documented 20 of 256 community share is assumed', () => {
    // 300 × 20 / 256 = 23.4 → 23 community, 277 foundation.
    expect(splitWithoutNodeList(300, undefined)).toEqual({ method: 'assumed', knownFoundation: 277, knownCommunity: 23, unknown: 0 });
  });
});

describe('snapshotFromCounts', () => {
  it('when the split is exact, then activeSlots are the community share of the active set and the label carries the counts', () => {
    const draft = snapshotFromCounts(counts, exact, ARCHIVER_CYCLE_SOURCES, { rewardPerHour: 10, stakeRequired: 2400 });
    expect(draft).toMatchObject({
      totalNodes: 255,
      activeSlots: 22,
      standbyNodes: 412,
      communityNodes: 434,
      totalFoundationNodes: 233,
      totalCommunityNodes: 22,
      source: 'archiver_live_data_foundation_233_community_22_active_255_standby_412',
      isEstimate: false,
      communitySplit: exact,
      syncingNodes: 3,
      desiredNodes: 260,
      cycleCounter: 9,
      cycleDurationSeconds: 60,
      rewardPerHour: 10,
      stakeRequired: 2400,
    });
  });

  it('when the node list counted a node more than the cycle record, then community is active − foundation, never negative', () => {
    const draft = snapshotFromCounts({ active: 10, standby: 5 }, { ...exact, knownFoundation: 11, knownCommunity: 0 }, ARCHIVER_CYCLE_SOURCES);
    expect(draft.activeSlots).toBe(0);
    expect(draft.totalFoundationNodes).toBe(10);
  });

  it('when flags are unknown, then unknown nodes count as foundation, the snapshot is an estimate and the source says calculated', () => {
    const draft = snapshotFromCounts(counts, { method: 'partial', knownFoundation: 200, knownCommunity: 22, unknown: 33 }, ARCHIVER_CYCLE_SOURCES);
    // 255 active − (200 + 33) = 22 community slots; 22 + 412 standby compete.
    expect(draft).toMatchObject({ activeSlots: 22, totalFoundationNodes: 233, communityNodes: 434, isEstimate: true });
    expect(draft.source).toBe('archiver_calculated_active_255_standby_412');
  });
});

describe('snapshotFromFallback', () => {
  it('when a fallback source answers, then its plain label is used and the assumed split is an estimate', () => {
    expect(snapshotFromFallback({ active: 256, standby: 4 }, splitWithoutNodeList(256, undefined), 'rpc_analysis')).toMatchObject({
      totalNodes: 256,
      activeSlots: 20,
      communityNodes: 24,
      source: 'rpc_analysis',
      isEstimate: true,
    });
  });
});

describe('sourceLabel', () => {
  it('when counts are given in any order, then they follow foundation, community, active, standby', () => {
    expect(sourceLabel('archiver_full_data', { standby: 1, foundation: 2 })).toBe('archiver_full_data_foundation_2_standby_1');
  });
});
