import { decentralization, healthIndicators, networkAnalysis, ratio, shareOf } from './network-stats';

const live = { totalNodes: 255, activeSlots: 22, standbyNodes: 412, communityNodes: 434 };

describe('networkAnalysis', () => {
  it('when the counts are live, then the three rates are percents with 1 decimal', () => {
    expect(networkAnalysis(live)).toEqual({ activeParticipation: '5.1%', standbyQueue: '94.9%', utilization: '170.2%' });
  });

  it('when a denominator is 0, then that rate is a dash, never NaN or Infinity', () => {
    expect(networkAnalysis({ totalNodes: 0, activeSlots: 0, standbyNodes: 0, communityNodes: 0 })).toEqual({
      activeParticipation: '—',
      standbyQueue: '—',
      utilization: '—',
    });
  });
});

describe('healthIndicators', () => {
  it('when the counts are live, then selection has 2 decimals, the wait is rounded cycles and competition is a ratio to 1', () => {
    expect(healthIndicators(live)).toEqual({
      selectionProbability: '5.07%',
      expectedWait: '~20 cycles',
      decentralization: 'High',
      competition: '18.7:1',
    });
  });

  it('when there are no active slots, then the wait and the competition are dashes', () => {
    const health = healthIndicators({ activeSlots: 0, standbyNodes: 10, communityNodes: 10 });
    expect(health).toMatchObject({ selectionProbability: '0.00%', expectedWait: '—', competition: '—', decentralization: 'Low' });
  });

  it('when there are no community nodes, then the selection probability is a dash', () => {
    expect(healthIndicators({ activeSlots: 0, standbyNodes: 0, communityNodes: 0 }).selectionProbability).toBe('—');
  });

  it('when every community node is active, then the wait is about 1 cycle', () => {
    expect(healthIndicators({ activeSlots: 5, standbyNodes: 0, communityNodes: 5 }).expectedWait).toBe('~1 cycle');
  });
});

describe('decentralization', () => {
  it.each([
    [101, 'High'],
    [100, 'Medium'],
    [51, 'Medium'],
    [50, 'Low'],
    [0, 'Low'],
  ] as const)('when there are %i community nodes, then it is %s', (count, level) => {
    expect(decentralization(count)).toBe(level);
  });
});

describe('ratio and shareOf', () => {
  it('when the denominator is negative or not finite, then there is no ratio', () => {
    expect(ratio(1, -1)).toBeNull();
    expect(ratio(Number.NaN, 1)).toBeNull();
    expect(ratio(1, Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('when a part of a whole is asked for, then it is a percent with 1 decimal', () => {
    expect(shareOf(233, 255)).toBe('91.4%');
    expect(shareOf(1, 0)).toBe('—');
  });
});
