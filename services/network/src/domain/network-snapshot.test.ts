import { snapshotFromCounts, snapshotFromCycleOnly, splitByFoundationFlag, ARCHIVER_CYCLE_SOURCES } from './network-snapshot';
import { sourceLabel } from './source-label';

const counts = { active: 255, standby: 412, syncing: 3, desired: 260, counter: 9, durationSeconds: 60 };

describe('splitByFoundationFlag', () => {
  it('when every node carries the flag, then foundation and community are counted', () => {
    expect(splitByFoundationFlag([true, true, false])).toEqual({ foundation: 2, community: 1 });
  });

  it('when any node lacks the flag, then the split is unknown', () => {
    expect(splitByFoundationFlag([true, undefined, false])).toBeUndefined();
  });

  it('when the list is empty, then the split is unknown', () => {
    expect(splitByFoundationFlag([])).toBeUndefined();
  });
});

describe('snapshotFromCounts', () => {
  it('when the split is known, then activeSlots are the community share of the active set and the label carries the counts', () => {
    const draft = snapshotFromCounts(counts, { foundation: 233, community: 22 }, ARCHIVER_CYCLE_SOURCES, {
      rewardPerHour: 10,
      stakeRequired: 2400,
    });
    expect(draft).toMatchObject({
      totalNodes: 255,
      activeSlots: 22,
      standbyNodes: 412,
      communityNodes: 434,
      totalFoundationNodes: 233,
      totalCommunityNodes: 22,
      source: 'archiver_live_data_foundation_233_community_22_active_255_standby_412',
      isEstimate: false,
      syncingNodes: 3,
      desiredNodes: 260,
      cycleCounter: 9,
      cycleDurationSeconds: 60,
      rewardPerHour: 10,
      stakeRequired: 2400,
    });
  });

  it('when the node list counted a node more than the cycle record, then community is active − foundation, never negative', () => {
    const draft = snapshotFromCounts({ active: 10, standby: 5 }, { foundation: 11, community: 0 }, ARCHIVER_CYCLE_SOURCES);
    expect(draft.activeSlots).toBe(0);
    expect(draft.totalFoundationNodes).toBe(10);
  });

  it('when the split is unknown, then activeSlots is the whole active set and the source says calculated', () => {
    const draft = snapshotFromCounts(counts, undefined, ARCHIVER_CYCLE_SOURCES);
    expect(draft.activeSlots).toBe(255);
    expect(draft.communityNodes).toBe(667);
    expect(draft.totalFoundationNodes).toBeUndefined();
    expect(draft.source).toBe('archiver_calculated_active_255_standby_412');
  });
});

describe('snapshotFromCycleOnly', () => {
  it('when a fallback source answers, then its plain label is used', () => {
    expect(snapshotFromCycleOnly({ active: 3, standby: 4 }, 'rpc_analysis')).toMatchObject({
      totalNodes: 3,
      activeSlots: 3,
      communityNodes: 7,
      source: 'rpc_analysis',
    });
  });
});

describe('sourceLabel', () => {
  it('when counts are given in any order, then they follow foundation, community, active, standby', () => {
    expect(sourceLabel('archiver_full_data', { standby: 1, foundation: 2 })).toBe('archiver_full_data_foundation_2_standby_1');
  });
});
