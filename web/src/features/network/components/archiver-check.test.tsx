import { renderToStaticMarkup } from 'react-dom/server';
import type { NetworkData } from '@shm/contracts';
import { sampleNetworkData } from '../../../testing/network-data';
import { DataSourceCard } from './data-source-card';

const data = (archivers?: NetworkData['archivers']): NetworkData => sampleNetworkData(archivers ? { archivers } : {});
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');

describe('DataSourceCard: how far the archivers agree', () => {
  it('when two of three archivers signed the cycle and the third disagrees, then it says so and names the one set aside', () => {
    const html = renderToStaticMarkup(
      <DataSourceCard data={data({ agreement: 'quorum', cycle: 258_913, agreeing: 2, asked: 3, refused: [{ archiver: 'http://34.145.9.44:4000', reason: 'disagrees' }] })} />,
    );
    expect(text(html)).toContain('Confirmed by 2 of 3 archivers at cycle 258,913');
    expect(text(html)).toContain('34.145.9.44:4000 disagrees with the others');
    expect(html).not.toContain('Single source');
  });

  it('when one archiver was usable, then the figures carry a Single source tag and the others\' reasons', () => {
    const html = renderToStaticMarkup(
      <DataSourceCard
        data={data({
          agreement: 'single source',
          cycle: 10,
          agreeing: 1,
          asked: 3,
          refused: [
            { archiver: 'http://a.example:4000', reason: 'wrong-network' },
            { archiver: 'http://b.example:4000', reason: 'unreachable' },
          ],
        })}
      />,
    );
    expect(html).toContain('data-testid="network-single-source"');
    expect(text(html)).toContain('Single source: only 1 of 3 archivers could be used');
    expect(text(html)).toContain('a.example:4000 signs another network');
    expect(text(html)).toContain('b.example:4000 unreachable');
  });

  it('when no archiver was usable, then it says none could be used; without a check, nothing is said', () => {
    expect(text(renderToStaticMarkup(<DataSourceCard data={data({ agreement: 'none', agreeing: 0, asked: 3, refused: [] })} />))).toContain(
      "No archiver's figures could be used (3 asked)",
    );
    expect(renderToStaticMarkup(<DataSourceCard data={data()} />)).not.toContain('archiver-check');
  });
});
