import { sampleScenario } from '../testing/samples';
import { compareScenarios } from './compare';

const rowOf = (sections: ReturnType<typeof compareScenarios>, id: string) => {
  const row = sections.flatMap((s) => s.rows).find((r) => r.id === id);
  if (!row) throw new Error(`no row ${id} in the comparison`);
  return row;
};

describe('compareScenarios', () => {
  it('when two scenarios differ only in reward per hour and what follows from it, then exactly those rows differ', () => {
    const base = sampleScenario('a', 'Base');
    // Reward 20 SHM/h doubles monthly SHM: 654.5454 → 1,309.0908 (shown 1,309.09 SHM).
    const doubled = sampleScenario('b', 'Double reward', { parameters: { rewardPerHour: 20 }, results: { monthlySHM: 1309.0908, monthlyUSD: 165.6 } });
    const sections = compareScenarios([base, doubled]);
    expect(sections.map((s) => s.title)).toEqual(['Key Results', 'Parameters']);
    expect(rowOf(sections, 'rewardPerHour')).toEqual({ id: 'rewardPerHour', label: 'Reward Per Hour', values: ['10 SHM', '20 SHM'], differs: true });
    expect(rowOf(sections, 'monthly-shm').values).toEqual(['654.55 SHM', '1,309.09 SHM']);
    expect(rowOf(sections, 'monthly-usd').values).toEqual(['$82.80', '$165.60']);
    const differing = sections.flatMap((s) => s.rows).filter((r) => r.differs).map((r) => r.id);
    expect(differing).toEqual(['monthly-shm', 'monthly-usd', 'rewardPerHour']);
  });

  it('when values differ below what is shown, then the row is not marked (what the reader sees is compared)', () => {
    // 654.5454 and 654.5491 both show as 654.55 SHM.
    const sections = compareScenarios([sampleScenario('a', 'A'), sampleScenario('b', 'B', { results: { monthlySHM: 654.5491 } })]);
    expect(rowOf(sections, 'monthly-shm').differs).toBe(false);
  });

  it('when three scenarios and only the third differs, then the row differs and has three values', () => {
    const sections = compareScenarios([
      sampleScenario('a', 'A'),
      sampleScenario('b', 'B'),
      sampleScenario('c', 'C', { parameters: { standbyNodes: 400 } }),
    ]);
    expect(rowOf(sections, 'standbyNodes')).toMatchObject({ values: ['200', '200', '400'], differs: true });
    expect(rowOf(sections, 'totalNodes')).toMatchObject({ values: ['256', '256', '256'], differs: false });
  });
});
