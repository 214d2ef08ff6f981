import { parseInline, plainText, type Inline } from './inline';
import { parseMarkdown, slugify, type Block } from './markdown';
import type { FormulaContext } from './values';

/** One row of a formula table: its cells, the result it defines and, when that is a name, its anchor. */
export interface FormulaRow {
  cells: Inline[][];
  result: string;
  /** Anchor of the row (`#netAPY`); the first row of a name gets the bare name, a later one its section's prefix. */
  id?: string;
  /** The formula: the first code span of the formula cell. */
  formula?: string;
  unit?: string;
}

export type DocBlock =
  | Exclude<Block, { kind: 'table' }>
  | { kind: 'table'; header: Inline[][]; rows: Inline[][][] }
  | { kind: 'formulas'; header: Inline[][]; rows: FormulaRow[]; formulaColumn: number; context: FormulaContext };

const NAME = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;
const column = (header: string[], name: string) => header.findIndex((cell) => cell.trim().toLowerCase() === name);
const firstCode = (cell: Inline[]) => cell.find((node) => node.kind === 'code')?.text;

/**
 * The doc as the page shows it: tables with a `formula` column become formula tables (their rows
 * anchored by result name, the names read in the section's context: a section about projections
 * means the projection reply), everything else stays as parsed.
 */
export function documentModel(source: string): DocBlock[] {
  const used = new Set<string>();
  let section = '';
  let context: FormulaContext = 'economics';
  return parseMarkdown(source).map((block): DocBlock => {
    if (block.kind === 'heading' && block.level <= 2) {
      section = block.id;
      const title = plainText(block.content);
      context = /projection/i.test(title) ? 'projection' : /when will my node be active/i.test(title) ? 'rotation' : 'economics';
    }
    if (block.kind !== 'table') return block;
    const header = block.header.map(parseInline);
    const formulaColumn = column(block.header, 'formula');
    if (formulaColumn < 0) return { kind: 'table', header, rows: block.rows.map((row) => row.map(parseInline)) };
    const resultColumn = Math.max(0, column(block.header, 'result'));
    const unitColumn = column(block.header, 'unit');
    const rows = block.rows.map((row): FormulaRow => {
      const cells = block.header.map((_, index) => parseInline(row[index] ?? ''));
      const result = plainText(cells[resultColumn] ?? []).trim();
      let id: string | undefined;
      if (NAME.test(result)) {
        id = used.has(result) ? `${section || slugify(context)}-${result}` : result;
        used.add(id);
      }
      return { cells, result, id, formula: firstCode(cells[formulaColumn] ?? []), unit: unitColumn < 0 ? undefined : row[unitColumn] };
    });
    return { kind: 'formulas', header, rows, formulaColumn, context };
  });
}
