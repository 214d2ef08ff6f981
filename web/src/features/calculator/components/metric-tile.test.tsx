import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { MetricTile } from './metric-tile';

const tile = <MetricTile testId="tile-net-apy" field="netAPY" icon="pi-percentage" label="Net APY" value="188.93%" subtitle="Profit after costs vs total capital" />;

describe('MetricTile', () => {
  it("when rendered on a page with inputs in the address, then it links to its formula with the same query, named for the figure", () => {
    const html = renderToStaticMarkup(<MemoryRouter initialEntries={['/?standbyNodes=300&cur=eur']}>{tile}</MemoryRouter>);
    expect(html).toContain('href="/methodology?standbyNodes=300&amp;cur=eur#netAPY"');
    expect(html).toContain('aria-label="How Net APY is calculated"');
  });

  it('when rendered outside a router, then the texts are those of spec §2.3 and there is no link', () => {
    const html = renderToStaticMarkup(tile);
    expect(html).not.toContain('<a ');
    expect(html.replace(/<[^>]+>/g, '|').split('|').filter(Boolean)).toEqual(['Net APY', '188.93%', 'Profit after costs vs total capital']);
  });
});
