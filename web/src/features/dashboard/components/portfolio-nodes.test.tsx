import { renderToStaticMarkup } from 'react-dom/server';
import { linkedEntry, sampleEntry, sampleKey, sampleStatus, sampleTotals } from '../testing/samples';
import { PortfolioRow } from './portfolio-row';
import { PortfolioTotalsPanel } from './portfolio-totals';

const noop = () => undefined;
const row = (entry = linkedEntry()) => renderToStaticMarkup(<PortfolioRow entry={entry} busy={false} onEdit={noop} onDelete={noop} />);
/** The text of the element with `testId` (tags inside removed). */
const textOf = (html: string, testId: string) =>
  new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</(?:p|dd|span|div)>`).exec(html)?.[1]?.replace(/<[^>]+>/g, '').trim();

/** The whole text of the states line (a paragraph with spans inside). */
const statesOf = (html: string) => /data-testid="total-states">([\s\S]*?)<\/p>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '').trim();

describe('PortfolioRow with a linked node', () => {
  it('when active for 3 h 10 min, then the Active badge, "Active for 3 h", the earned SHM against the expectation and the periods this month', () => {
    const html = row();
    expect(html).toContain('data-state="active"');
    expect(html).toMatch(/data-testid="node-state" data-state="active">[\s\S]*?Active</);
    expect(textOf(html, 'node-time')).toBe('Active for 3 h');
    // earnedSHM 190 against the expectation 200 for one node: ratio 0.95 → 95 %, on track.
    expect(html).toContain('data-status="on-track"');
    expect(html).toContain('95% of expected');
    expect(html).toMatch(/data-testid="node-earned"><dt>Earned \(network rules\)<\/dt><dd>190 SHM<\/dd>/);
    expect(html).toMatch(/data-testid="node-expected"><dt>Expected<\/dt><dd>200 SHM<\/dd>/);
    expect(html).toMatch(/data-testid="node-earned-month"><dt>Earned This Month<\/dt><dd>150 SHM<\/dd>/);
    expect(html).toMatch(/data-testid="node-periods"><dt>Active Periods This Month<\/dt><dd>2<\/dd>/);
    // The typed figure is replaced while linked.
    expect(html).not.toContain('Actual Rewards');
    expect(html).toContain('a1b2c3d4…a1b2c3d4');
    expect(html).toContain(`title="${sampleKey}"`);
    // firstSeen 2026-03-01T00:00Z: earnings count from that day.
    expect(html).toContain('Tracked since Mar 1, 2026');
  });

  it('when in standby for 9 days with the network’s waits known, then the issue’s standby sentence', () => {
    const html = row(
      linkedEntry({
        status: sampleStatus({ state: 'standby', lastChange: 'standby-added' }),
        timeInStateSeconds: 9 * 86_400,
        activePeriodsThisMonth: 0,
        earnedThisMonthSHM: 0,
        earnedSHM: 0,
        standbyWait: { waitedDays: 9.1, p50Days: 6, p90Days: 14.2 },
      }),
    );
    expect(html).toMatch(/data-testid="node-state" data-state="standby">[\s\S]*?Standby</);
    expect(textOf(html, 'node-time')).toBe('In standby 9 days; half of nodes are selected within 6 days, 9 in 10 within 15 days.');
  });

  it('when syncing or gone, then their badge and time', () => {
    const syncing = row(linkedEntry({ status: sampleStatus({ state: 'syncing' }), timeInStateSeconds: 720 }));
    expect(syncing).toMatch(/data-state="syncing">[\s\S]*?Syncing</);
    expect(textOf(syncing, 'node-time')).toBe('Syncing for 12 min');
    const gone = row(linkedEntry({ status: sampleStatus({ state: 'gone', lastChange: 'vanished' }), timeInStateSeconds: 2 * 86_400 + 60 }));
    expect(gone).toMatch(/data-state="gone">[\s\S]*?Gone</);
    expect(textOf(gone, 'node-time')).toBe('Gone for 2 days');
  });

  it('when the key was never seen, then the Unknown badge and a note to check the key', () => {
    const html = row(linkedEntry({ status: sampleStatus({ state: 'unknown', since: null, firstSeen: null, lastChange: null }), timeInStateSeconds: null }));
    expect(html).toMatch(/data-state="unknown">[\s\S]*?Unknown</);
    expect(textOf(html, 'node-time')).toContain('Not seen on the network yet');
  });

  it('when the node status cannot be had, then "Node status unavailable right now" and the typed figures, no badge', () => {
    const html = row(
      linkedEntry({ status: null, timeInStateSeconds: null }, { performance: { monthsElapsed: 0.5, expectedRewards: 200, ratio: 0.5, source: 'typed' }, actualRewards: 100 }),
    );
    expect(html).toContain('data-state="unavailable"');
    expect(textOf(html, 'node-unavailable')).toContain('Node status unavailable right now');
    expect(html).not.toContain('data-testid="node-state"');
    expect(html).toContain('Actual Rewards');
    expect(html).toContain('50% of expected');
  });

  it('when the entry has no key, then it looks as before: no node line, no badge, typed figures', () => {
    const html = row(sampleEntry);
    expect(html).toContain('data-linked="false"');
    expect(html).not.toContain('node-time');
    expect(html).not.toContain('node-state');
    expect(html).toContain('Actual Rewards');
  });

  it('when linked without a label, then the row is named by the key', () => {
    expect(row(linkedEntry({}, { label: undefined }))).toContain('>Node a1b2c3d4…a1b2c3d4</h4>');
  });
});

describe('PortfolioTotalsPanel', () => {
  it('when the wallet has nodes in two states, then nodes, linked, states in words, SHM and the total ratio', () => {
    const html = renderToStaticMarkup(<PortfolioTotalsPanel totals={sampleTotals} />);
    expect(html).toContain('Wallet Total');
    expect(textOf(html, 'total-nodes')).toBe('Nodes4');
    expect(textOf(html, 'total-linked')).toBe('Linked Nodes2');
    // Zero counts are left out; active comes before standby.
    expect(statesOf(html)).toBe('Linked nodes by state 1 active · 1 standby');
    expect(textOf(html, 'total-actual')).toBe('Actual SHM1,440 SHM');
    expect(textOf(html, 'total-expected')).toBe('Expected SHM1,552.73 SHM');
    // 0.9274 → 92 %, on track (≥ 90 %).
    expect(html).toMatch(/data-testid="portfolio-total-ratio" data-status="on-track"/);
    expect(html).toContain('92% of expected');
  });

  it('when the network service cannot be asked and nothing is linked or expected, then the states say so and the ratio is a dash', () => {
    const html = renderToStaticMarkup(
      <PortfolioTotalsPanel totals={{ ...sampleTotals, linkedNodes: 2, states: { ...sampleTotals.states, active: 0, standby: 0, unavailable: 2 }, ratio: null }} />,
    );
    expect(statesOf(html)).toBe('Linked nodes by state 2 status unavailable');
    expect(html).toContain('data-testid="portfolio-total-ratio" data-status="none"');
    const none = renderToStaticMarkup(<PortfolioTotalsPanel totals={{ ...sampleTotals, linkedNodes: 0, states: { ...sampleTotals.states, active: 0, standby: 0 } }} />);
    expect(statesOf(none)).toBe('Linked nodes by state None linked');
  });
});
