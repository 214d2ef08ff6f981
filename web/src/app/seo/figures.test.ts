import { figureTexts, figuresSentence } from './figures';
import { figuresOf } from './test-figures';

describe('figureTexts: a link\'s figures as the page writes them', () => {
  it('when the defaults are calculated, then the texts are the tiles\' (spec §3 defaults, worked out by hand)', () => {
    expect(figureTexts(figuresOf())).toEqual({
      monthlyShm: '654.55 SHM',
      monthlyUsd: '$82.80',
      grossApy: '327.27%',
      netApy: '188.93%',
      grossApyPositive: true,
      netApyPositive: true,
      breakEven: '7 months',
      breakEvenPhrase: 'break-even in 7 months',
      investment: '$10,000.00',
      nodes: '32 nodes',
      stake: '2,400 SHM',
      shmPrice: '$0.1265',
    });
  });

  it('when an APY is 0 or below, the node never repays and one node is bought, then the texts say so', () => {
    const texts = figureTexts(figuresOf({ investmentAmount: 400 }, { grossAPY: 12.5, netAPY: -4.25, breakEven: null, maxNodes: 1 }));
    expect(texts).toMatchObject({ grossApy: '12.50%', grossApyPositive: true, netApy: '-4.25%', netApyPositive: false, breakEven: 'Never', nodes: '1 node', investment: '$400.00' });
    expect(figuresSentence(figuresOf({}, { breakEven: null }))).toContain('no break-even');
  });
});
