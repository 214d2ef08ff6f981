import { renderToStaticMarkup } from 'react-dom/server';
import type { ScenarioSummary } from '@shm/contracts';
import { dashboardKeys } from '../api/keys';
import { renderInDashboard, TEST_ADDRESS } from '../testing/render';
import { sampleScenario } from '../testing/samples';
import { CompareTable } from './compare-table';
import { ScenariosTab } from './scenarios-tab';

const base = sampleScenario('a', 'Base case');
// Twice the reward: monthly SHM 654.5454 → 1,309.0908, value $82.80 → $165.60.
const doubled = sampleScenario('b', 'Double reward', { parameters: { rewardPerHour: 20 }, results: { monthlySHM: 1309.0908, monthlyUSD: 165.6 } });
const crowded = sampleScenario('c', 'Crowded standby', { parameters: { standbyNodes: 400 } });

/** Each row's id, whether it is marked, and its cells' texts. */
const rowsOf = (html: string) =>
  [...html.matchAll(/<tr class="compare-table__row[^"]*" data-testid="compare-row" data-row="([^"]+)" data-differs="(true|false)">([\s\S]*?)<\/tr>/g)].map(
    ([, id, differs, cells = '']) => ({ id, differs: differs === 'true', marked: cells.includes('data-testid="compare-differs"'), values: [...cells.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((c) => c[1]) }),
  );

describe('CompareTable', () => {
  it('when two scenarios are compared, then one column each, and exactly the differing rows marked Differs', () => {
    const html = renderToStaticMarkup(<CompareTable scenarios={[base, doubled]} onlyDifferences={false} />);
    const columns = [...html.matchAll(/data-testid="compare-column"[^>]*><span class="compare-table__name">([^<]*)</g)].map((m) => m[1]);
    expect(columns).toEqual(['Base case', 'Double reward']);
    const rows = rowsOf(html);
    // 8 key results + 12 parameters.
    expect(rows).toHaveLength(20);
    expect(rows.filter((r) => r.marked).map((r) => r.id)).toEqual(['monthly-shm', 'monthly-usd', 'rewardPerHour']);
    expect(rows.every((r) => r.marked === r.differs)).toBe(true);
    expect(rows.find((r) => r.id === 'rewardPerHour')?.values).toEqual(['10 SHM', '20 SHM']);
    expect(rows.find((r) => r.id === 'totalNodes')?.values).toEqual(['256', '256']);
    expect(html).toContain('<th scope="row">');
    expect(html).toContain('--compare-columns:2');
  });

  it('when three scenarios are compared, then three columns and a row that differs in the third only is marked', () => {
    const html = renderToStaticMarkup(<CompareTable scenarios={[base, doubled, crowded]} onlyDifferences={false} />);
    expect(html.match(/data-testid="compare-column"/g)).toHaveLength(3);
    const standby = rowsOf(html).find((r) => r.id === 'standbyNodes');
    expect(standby).toMatchObject({ marked: true, values: ['200', '200', '400'] });
    expect(html).toContain('data-columns="3"');
  });

  it('when only differences are asked for, then the rows that are all the same are left out', () => {
    const rows = rowsOf(renderToStaticMarkup(<CompareTable scenarios={[base, doubled]} onlyDifferences />));
    expect(rows.map((r) => r.id)).toEqual(['monthly-shm', 'monthly-usd', 'rewardPerHour']);
  });
});

describe('ScenariosTab', () => {
  const summary = (id: string, scenarioName: string): ScenarioSummary => ({
    id,
    scenarioName,
    profileId: null,
    walletAddress: TEST_ADDRESS,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
  });

  it('when two or more are saved, then each row has a Compare box named after it and the Compare button waits for 2', () => {
    const html = renderInDashboard(<ScenariosTab />, {
      cached: [[dashboardKeys.scenarios(TEST_ADDRESS), [summary('s1', 'Base case'), summary('s2', 'Bull')]]],
      context: { profiles: { data: [] } as never },
    });
    expect(html).toContain('Tick 2 or 3 scenarios to compare them side by side.');
    expect(html).toContain('<label for="compare-s1">Compare<span class="dashboard-sr-only"> &quot;Base case&quot;</span></label>');
    expect(html).toMatch(/<button[^>]*data-testid="compare-scenarios"[^>]*>|<button[^>]*disabled=""[^>]*data-testid="compare-scenarios"/);
    expect(html).toMatch(/<button(?=[^>]*disabled="")(?=[^>]*data-testid="compare-scenarios")/);
  });

  it('when only one is saved, then no comparison bar', () => {
    const html = renderInDashboard(<ScenariosTab />, {
      cached: [[dashboardKeys.scenarios(TEST_ADDRESS), [summary('s1', 'Base case')]]],
      context: { profiles: { data: [] } as never },
    });
    expect(html).not.toContain('compare-bar');
  });
});
