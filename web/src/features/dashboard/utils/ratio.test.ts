import { describeRatio } from './ratio';

describe('describeRatio', () => {
  it.each([
    // ratio, text, status
    [0.924, '92% of expected', 'on-track'],
    [0.9, '90% of expected', 'on-track'],
    [0.8996, '89% of expected', 'below'],
    [0.29, '29% of expected', 'below'],
    [0, '0% of expected', 'below'],
    [1, '100% of expected', 'on-track'],
    [12.345, '1,234% of expected', 'on-track'],
  ])('when the ratio is %p, then it reads %p and is %p', (ratio, text, status) => {
    expect(describeRatio(ratio)).toMatchObject({ text, status });
  });

  it('when on track or below, then the badge says so', () => {
    expect(describeRatio(0.95).label).toBe('On track');
    expect(describeRatio(0.5).label).toBe('Below expected');
  });

  it('when nothing is expected yet (null), then a dash and no badge', () => {
    expect(describeRatio(null)).toEqual({ text: '—', status: null, label: null });
    expect(describeRatio(Number.NaN)).toEqual({ text: '—', status: null, label: null });
  });

  it('when under 0.01 SHM is expected (a node linked minutes ago), then a dash rather than "0% of expected"; from 0.01 SHM on, the ratio', () => {
    expect(describeRatio(0, 0.004)).toEqual({ text: '—', status: null, label: null });
    expect(describeRatio(0, 0.01)).toMatchObject({ text: '0% of expected', status: 'below' });
    expect(describeRatio(1.2, 500)).toMatchObject({ text: '120% of expected', status: 'on-track' });
  });
});
