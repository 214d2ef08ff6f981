import type { Scenario } from '@shm/contracts';
import { parameterFigures, resultFigures, type Figure } from './figures';

export interface ComparedRow {
  id: string;
  label: string;
  /** One text per scenario, in the columns' order. */
  values: string[];
  /** The shown texts are not all the same: what a reader sees as different is what is marked. */
  differs: boolean;
}

export interface ComparedSection {
  id: 'results' | 'parameters';
  title: string;
  rows: ComparedRow[];
}

function rowsOf(perScenario: Figure[][]): ComparedRow[] {
  const first = perScenario[0] ?? [];
  return first.map(([id, label], index) => {
    const values = perScenario.map((figures) => figures[index]?.[2] ?? '—');
    return { id, label, values, differs: new Set(values).size > 1 };
  });
}

/** The key results and the parameters of 2 or 3 scenarios side by side, each row marked when they differ. */
export function compareScenarios(scenarios: Pick<Scenario, 'parameters' | 'results'>[]): ComparedSection[] {
  return [
    { id: 'results', title: 'Key Results', rows: rowsOf(scenarios.map((s) => resultFigures(s.results))) },
    { id: 'parameters', title: 'Parameters', rows: rowsOf(scenarios.map((s) => parameterFigures(s.parameters))) },
  ];
}

/** How many scenarios the comparison takes at once. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 3;
