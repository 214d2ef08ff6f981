import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EconomicsResults, ProjectionResults } from '@shm/contracts';
import { LATIN } from '../../../../build/subset-fonts';
import { documentModel, type FormulaRow } from './doc-model';
import { formatFormulaValue, substituteFormula, unitSuffix } from './formula';
import { readInputs } from './query';
import { formulaValues, type FormulaContext } from './values';

// The page renders the doc itself; these tests read the same file the build takes in.
const DOC = readFileSync(path.resolve(__dirname, '../../../../../docs/methodology.md'), 'utf8');

/** Formula tables and their rows, with the context each is read in. */
function formulaRows(source: string): { row: FormulaRow; context: FormulaContext }[] {
  return documentModel(source).flatMap((block) => (block.kind === 'formulas' ? block.rows.map((row) => ({ row, context: block.context })) : []));
}

/** What the page shows under a formula: the formula with the values, then `= result unit`. */
function shownLine(row: FormulaRow | undefined, values: ReturnType<typeof formulaValues>): string {
  if (!row) throw new Error('the doc has no such formula row');
  const formula = substituteFormula(row.formula ?? '', values)
    .map((part) => part.text)
    .join('');
  return `${formula} = ${formatFormulaValue(values[row.result] ?? null)}${unitSuffix(row.unit)}`;
}

// The doc's worked example of the calculator defaults (docs/methodology.md), worked by hand there.
const economics = {
  monthlySHM: 654.5455,
  monthlyUSD: 82.8,
  monthlyProfit: 47.8,
  stakeValue: 303.6,
  grossAPY: 327.2727,
  netAPY: 188.9328,
  yearlyIssuance: 22_118_400,
  inflationTotal: 8.8829,
  expectedActiveTime: 9.0909,
  maxNodes: 32,
} as unknown as EconomicsResults;
const projection = { maxNodes: 32, monthlyProfitPerNode: 47.8, stakingGains: 67_084.8 } as unknown as ProjectionResults;

describe('the methodology doc as the page reads it', () => {
  const rows = formulaRows(DOC);
  const byId = new Map(rows.map((entry) => [entry.row.id, entry]));

  it('when the calculator tiles link to a result, then the doc has a formula row anchored there', () => {
    const tiles = ['monthlySHM', 'expectedActiveTime', 'grossAPY', 'netAPY', 'yearlyIssuance', 'inflationTotal'];
    const riskTiles = ['breakEvenShmPrice', 'breakEvenStandbyNodes', 'realNetAPY', 'riskBands.monthlySHM.p50', 'riskBands.monthlyProfit.p50', 'riskBands.timeToTarget.p50'];
    for (const id of [...tiles, ...riskTiles]) {
      expect({ id, formula: byId.get(id)?.row.formula }).toEqual({ id, formula: expect.any(String) as unknown });
    }
  });

  it('when shown with the defaults and the worked example, then net APY reads as the doc works it out', () => {
    const values = formulaValues(readInputs(''), { economics }, 'economics');
    expect(shownLine(byId.get('netAPY')?.row, values)).toBe('47.80 × 12 / 303.60 × 100 = 188.93 %');
    expect(shownLine(byId.get('grossAPY')?.row, values)).toBe('82.80 × 12 / 303.60 × 100 = 327.27 %');
    // share = 20 / 220 and rewardPerMonth = 10 × 720, the doc's shorthands, filled in from the inputs.
    expect(shownLine(byId.get('monthlySHM')?.row, values)).toBe('7\u202f200 × 0.09091 = 654.55 SHM');
  });

  it('when a result name appears again in the projection section, then that row has its own anchor and reads the projection reply', () => {
    const again = rows.filter(({ row }) => row.result === 'maxNodes');
    expect(again.map(({ row }) => row.id)).toEqual(['maxNodes', expect.stringMatching(/^projection.*-maxNodes$/)]);
    expect(again.map(({ context }) => context)).toEqual(['economics', 'projection']);
    const values = formulaValues(readInputs('?projectionMonths=24&projectedShmPrice=2'), { economics, projection }, 'projection');
    expect(values.maxNodes).toBe(32);
    expect(values.N).toBe(24);
    expect(values.p1).toBe(2);
    expect(values.stakingGains).toBe(67_084.8);
  });

  it('when the risk model is shown, then its shorthand periods follows activePeriodHours from the address', () => {
    expect(formulaValues(readInputs(''), {}, 'economics').periods).toBe(180); // 720 h / 4 h
    expect(formulaValues(readInputs('?activePeriodHours=7'), {}, 'economics').periods).toBe(103); // round(102.86)
    expect(formulaValues(readInputs('?activePeriodHours=720'), {}, 'economics').periods).toBe(1);
  });

  it('when there are no results (the payment gate), then formulas show the inputs and no result', () => {
    const values = formulaValues(readInputs('?shmStake=1000'), {}, 'economics');
    expect(substituteFormula(byId.get('stakeValue')?.row.formula ?? '', values).map((p) => p.text).join('')).toBe('1\u202f000 × 0.1265');
    expect(Object.hasOwn(values, 'stakeValue')).toBe(false);
  });

  it("when the doc's text is shown, then every character outside code is in the preloaded font subset (no 350 kB full font for /methodology)", () => {
    const prose = DOC.replace(/`[^`]*`/g, '');
    const inSubset = (code: number) => LATIN.some(([from, to]) => code >= from && code <= to);
    const missing = [...new Set(prose)].filter((char) => !inSubset(char.codePointAt(0) ?? -1));
    expect(missing).toEqual([]);
  });

  it('when a table has no formula column, then it stays a plain table and its rows get no anchors', () => {
    const model = documentModel('## A\n| field | value |\n|---|---|\n| netAPY | 1 |');
    expect(model[1]).toMatchObject({ kind: 'table' });
  });
});
