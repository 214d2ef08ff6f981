import { describeSource, nodeBreakdown, parseLabelCounts, showsNodeBreakdown, titleCase } from './source-label';

const LIVE = 'archiver_live_data_foundation_233_community_22_active_255_standby_412';

describe('describeSource', () => {
  it.each([
    [LIVE, 'Live Archiver Data'],
    ['archiver_calculated_active_255_standby_412', 'Archiver Calculated Data'],
    ['archiver_real_data', 'Real Archiver Data'],
    ['archiver_full_data_foundation_1_community_2', 'Archiver Full Node List'],
    ['shardeum_official_specifications', 'Official Shardeum Specifications'],
    ['archiver_direct', 'Archiver (Direct)'],
    ['archiver_stats', 'Archiver Statistics'],
    ['archiver_validators', 'Archiver Validator List'],
    ['rpc_analysis', 'RPC Network Analysis'],
    ['explorer_api', 'Shardeum Explorer API'],
  ])('when the label is %s, then the friendly name is %s', (label, name) => {
    expect(describeSource(label).name).toBe(name);
    expect(describeSource(label).description.length).toBeGreaterThan(10);
  });

  it('when the label is unknown, then it is shown title-cased', () => {
    expect(describeSource('community_dashboard-feed').name).toBe('Community Dashboard Feed');
  });

  it('when a label only starts like a known one, then it is not mistaken for it', () => {
    expect(describeSource('explorer_apis').name).toBe('Explorer Apis');
  });
});

describe('titleCase', () => {
  it('when words are joined by underscores, dashes or spaces, then each starts upper-case', () => {
    expect(titleCase('SOME_odd-label here')).toBe('Some Odd Label Here');
  });
});

describe('parseLabelCounts', () => {
  it('when the label carries counts, then each is read', () => {
    expect(parseLabelCounts(LIVE)).toEqual({ foundation: 233, community: 22, active: 255, standby: 412 });
  });

  it('when counts are written with other separators, then they are read too', () => {
    expect(parseLabelCounts('archiver_real_data (foundation: 10, community=5)')).toEqual({ foundation: 10, community: 5 });
  });

  it('when the label has no counts, then nothing is read', () => {
    expect(parseLabelCounts('archiver_real_data')).toEqual({});
  });
});

describe('showsNodeBreakdown', () => {
  it.each([
    [LIVE, true],
    ['archiver_calculated', true],
    ['archiver_real_data', true],
    ['archiver_full_data', true],
    ['archiver_stats', false],
    ['rpc_analysis', false],
    ['shardeum_official_specifications', false],
  ])('when the source is %s, then the card shows: %s', (label, shows) => {
    expect(showsNodeBreakdown(label)).toBe(shows);
  });
});

describe('nodeBreakdown', () => {
  it('when the fields are present, then they win over the label', () => {
    expect(nodeBreakdown({ source: LIVE, totalFoundationNodes: 1, totalCommunityNodes: 2 })).toEqual({ foundation: 1, community: 2 });
  });

  it('when the service sent its split, then it wins, with nodes of unknown flag counted as foundation', () => {
    const communitySplit = { method: 'partial', knownFoundation: 200, knownCommunity: 22, unknown: 33 } as const;
    // 200 + 33 = 233 foundation
    expect(nodeBreakdown({ source: LIVE, totalFoundationNodes: 1, totalCommunityNodes: 2, communitySplit })).toEqual({ foundation: 233, community: 22 });
  });

  it('when the fields are absent, then the counts come from the label', () => {
    expect(nodeBreakdown({ source: LIVE })).toEqual({ foundation: 233, community: 22 });
  });

  it('when neither has them, then the breakdown is not available', () => {
    expect(nodeBreakdown({ source: 'archiver_calculated_active_255_standby_412' })).toBeNull();
  });
});
