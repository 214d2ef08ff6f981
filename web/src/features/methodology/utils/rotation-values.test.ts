import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RotationStats } from '@shm/contracts';
import { documentModel, type FormulaRow } from './doc-model';
import { formatFormulaValue, substituteFormula, unitSuffix, type FormulaValues } from './formula';
import { ROTATION_EXAMPLE, rotationFigures, rotationValues } from './rotation-values';

const DOC = readFileSync(path.resolve(__dirname, '../../../../../docs/methodology.md'), 'utf8');

const rotationRows = (): FormulaRow[] =>
  documentModel(DOC).flatMap((block) => (block.kind === 'formulas' && block.context === 'rotation' ? block.rows : []));

function shownLine(row: FormulaRow | undefined, values: FormulaValues): string {
  if (!row) throw new Error('the doc has no such formula row');
  const formula = substituteFormula(row.formula ?? '', values)
    .map((part) => part.text)
    .join('');
  return `${formula} = ${formatFormulaValue(values[row.result] ?? null)}${unitSuffix(row.unit)}`;
}

describe('the rotation section as the page shows it', () => {
  const rows = new Map(rotationRows().map((row) => [row.result, row]));

  it('when the live defaults carry no rotation, then the formulas show the doc example and its hand-worked results', () => {
    const figures = rotationFigures(undefined);
    expect(figures).toBe(ROTATION_EXAMPLE);
    const values = rotationValues(figures);
    // The doc: p = 22 / 240 / 412 = 0.00022249, a 2-cycle sync, P10 / P50 / P90 = 7.92 / 51.95 / 172.50 h, share 0.05067.
    expect(shownLine(rows.get('p'), values)).toBe('0.09167 / 412 = 0.0002225');
    expect(shownLine(rows.get('waitToActive.p10Hours'), values)).toBe('(ln(1 − 0.1) / ln(1 − 0.0002225) + 2) × 60 / 3600 = 7.92 hours');
    expect(shownLine(rows.get('waitToActive.p50Hours'), values)).toBe('(ln(1 − 0.5) / ln(1 − 0.0002225) + 2) × 60 / 3600 = 51.95 hours');
    expect(shownLine(rows.get('waitToActive.p90Hours'), values)).toBe('(ln(1 − 0.9) / ln(1 − 0.0002225) + 2) × 60 / 3600 = 172.50 hours');
    expect(shownLine(rows.get('activePeriod.hours'), values)).toBe('240 × 60 / 3600 = 4 hours');
    // W = 4 494.55 + 2 = 4 496.55 cycles; 240 / (240 + 4 496.55) = 0.05067.
    expect(shownLine(rows.get('activeShare'), values)).toBe('240 / (240 + 4\u202f496.55) = 0.05067');
  });

  it('when the live defaults carry a rotation, then its figures fill the formulas, and p, W and the sync delay are restated from them', () => {
    // The network unit test's window: 0.25 activations a cycle, 10 standby (p = 0.025), a 2-cycle
    // sync, a 20-cycle period of 60 s cycles; its P50 is (27.377851 + 2) / 60 hours.
    const rotation: RotationStats = {
      cyclesObserved: 12,
      cycleSeconds: 60,
      activationsPerCycle: 0.25,
      removalsPerCycle: 1 / 3,
      standbyAddsPerCycle: 0.25,
      activePeriod: { hours: 1 / 3, method: 'steady-state', observed: 2 },
      waitToActive: { p10Hours: 6.161518 / 60, p50Hours: 29.377851 / 60, p90Hours: 92.947253 / 60 },
      activeShare: 20 / 62,
    };
    const figures = rotationFigures({ defaults: { totalNodes: 30, activeCommunityNodes: 5, standbyNodes: 10, activeNodes: 30 }, rotation });
    expect(figures).not.toBe(ROTATION_EXAMPLE);
    const values = rotationValues(figures);
    expect(values).toMatchObject({ p: 0.025, syncDelay: 2, activeSlots: 5, standby: 10 });
    expect(values.L).toBeCloseTo(20, 9);
    expect(values.W).toBeCloseTo(42, 5);
    expect(shownLine(rows.get('activeShare'), values)).toBe('20 / (20 + 42.00) = 0.3226');
  });

  it('when no wait exists (empty standby), then p, W and the waits have no value and their formulas show the names', () => {
    const rotation: RotationStats = { ...ROTATION_EXAMPLE.stats, waitToActive: null, activeShare: null };
    const values = rotationValues(rotationFigures({ defaults: { totalNodes: 255, activeCommunityNodes: 22, standbyNodes: 0, activeNodes: 255 }, rotation }));
    expect(Object.hasOwn(values, 'p')).toBe(false);
    expect(Object.hasOwn(values, 'waitToActive.p50Hours')).toBe(false);
    const formulaOfW = rows.get('W')?.formula;
    if (!formulaOfW) throw new Error('the doc has no formula for W');
    expect(substituteFormula(formulaOfW, values).filter((part) => part.kind === 'value')).toEqual([]);
  });
});
