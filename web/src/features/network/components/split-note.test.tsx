import { renderToStaticMarkup } from 'react-dom/server';
import type { CommunitySplit, NetworkData } from '@shm/contracts';
import { sampleNetworkData } from '../../../testing/network-data';
import { NodeBreakdownCard } from './node-breakdown-card';
import { NodeStatCards } from './node-stat-cards';
import { SplitNote } from './split-note';

const split = (method: CommunitySplit['method'], unknown = 0): CommunitySplit => ({ method, knownFoundation: 200, knownCommunity: 22, unknown });

const data = (communitySplit?: CommunitySplit): NetworkData => sampleNetworkData({ communitySplit });

describe('SplitNote', () => {
  it.each([
    ['partial', 33, /The community count is an estimate\. <\/strong>33 of 255 active nodes&#x27; foundation flag is not known yet/],
    ['last-known', 0, /The community count is an estimate\. <\/strong>This source gives no split; the last known foundation count is used\./],
    ['assumed', 0, /The community count is an estimate\. <\/strong>No split known yet; the documented community share is used\./],
  ] as const)('when the split is made by %s, then it is marked an estimate and says how it was made', (method, unknown, text) => {
    const html = renderToStaticMarkup(<SplitNote split={split(method, unknown)} testId="note" />);
    expect(html).toMatch(text);
    expect(html).toContain('split-note--estimate');
  });

  it.each([
    ['node-flags', 'from the node list'],
    ['cycle-history', 'recovered from the cycle history'],
  ] as const)('when the split is made by %s, then it says the split is exact', (method, words) => {
    const html = renderToStaticMarkup(<SplitNote split={split(method)} testId="note" />);
    expect(html).toContain(`Exact: every active node&#x27;s flag is known (${words}).`);
    expect(html).toContain('split-note--exact');
    expect(html).not.toContain('estimate');
  });
});

describe('the split on the Foundation vs Community card and beside Active Slots', () => {
  it('when the split is partial, then nodes of unknown flag count as foundation and the card carries the note', () => {
    const html = renderToStaticMarkup(<NodeBreakdownCard data={{ ...data(split('partial', 33)), totalFoundationNodes: 1, totalCommunityNodes: 2 }} />);
    // 200 known + 33 unknown = 233 foundation; 22 community
    expect(html).toMatch(/data-testid="breakdown-foundation-value">233</);
    expect(html).toMatch(/data-testid="breakdown-community-value">22</);
    expect(html).toContain('data-testid="breakdown-split-note" data-method="partial"');
  });

  it('when the split is an estimate, then the Active Slots card is marked; when exact or absent, it is not', () => {
    expect(renderToStaticMarkup(<NodeStatCards data={data(split('assumed'))} />)).toContain('active-slots-estimate');
    expect(renderToStaticMarkup(<NodeStatCards data={data(split('node-flags'))} />)).not.toContain('active-slots-estimate');
    expect(renderToStaticMarkup(<NodeStatCards data={data()} />)).not.toContain('active-slots-estimate');
  });
});
