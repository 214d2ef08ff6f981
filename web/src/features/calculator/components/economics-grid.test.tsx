import { renderToStaticMarkup } from 'react-dom/server';
import { DEFAULT_ECONOMICS_RESULTS, type EconomicsResults } from '@shm/contracts';
import { EconomicsGrid } from './economics-grid';
import { EconomicsTable } from './economics-table';

const results = (overrides: Partial<EconomicsResults> = {}): EconomicsResults => ({ ...DEFAULT_ECONOMICS_RESULTS, ...overrides });

const toneOfTile = (html: string, testId: string) => new RegExp(`data-testid="${testId}" data-tone="(\\w+)"`).exec(html)?.[1];

describe('EconomicsGrid', () => {
  it('when results are given, then six tiles show the formatted values and subtitles', () => {
    const html = renderToStaticMarkup(<EconomicsGrid results={results()} />);
    expect(html).toContain('Network Economics &amp; Node Performance');
    expect(html.match(/class="metric-tile[ "]/g)).toHaveLength(6);
    expect(html).toContain('654.55 SHM');
    expect(html).toContain('$82.80 per active node');
    expect(html).toContain('9.09%');
    expect(html).toContain('22,118,400 SHM');
    expect(html).toContain('8.88%');
  });

  it('when an APY is above 0, then its tile is positive; at 0 or below, negative', () => {
    const up = renderToStaticMarkup(<EconomicsGrid results={results({ grossAPY: 0.01, netAPY: 0 })} />);
    expect(toneOfTile(up, 'tile-gross-apy')).toBe('positive');
    expect(toneOfTile(up, 'tile-net-apy')).toBe('negative');
    const down = renderToStaticMarkup(<EconomicsGrid results={results({ netAPY: -12.5 })} />);
    expect(toneOfTile(down, 'tile-net-apy')).toBe('negative');
    expect(down).toContain('-12.50%');
  });
});

describe('EconomicsTable', () => {
  it('when results are given, then the six rows are shown and a missing break-even reads Never', () => {
    const html = renderToStaticMarkup(<EconomicsTable results={results({ breakEven: null })} />);
    for (const row of [
      'Yearly SHM Issuance',
      'Network Inflation Rate',
      'Expected Monthly Rewards',
      'Expected Monthly Value',
      'Break Even Period',
      'Expected Active Time',
    ]) {
      expect(html).toContain(`<th scope="row">${row}</th>`);
    }
    expect(html).toContain('Never');
  });
});
