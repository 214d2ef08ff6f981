/**
 * A formula of docs/methodology.md with the current values in place of the names it uses:
 * `monthlyUSD × 12 / stakeValue × 100` → `82.80 × 12 / 303.60 × 100`. Names the page has no value
 * for (functions such as ceil, words such as null) stay as they are.
 */
export type FormulaValue = number | boolean | null;
export type FormulaValues = Readonly<Record<string, FormulaValue>>;

export type FormulaPart = { kind: 'text'; text: string } | { kind: 'value'; name: string; text: string };

/** A name, possibly dotted (`riskBands.monthlySHM.p10`), not glued to a number (the `e9` of `1e9`). */
const NAME = /(?<![\w.])[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*/g;

const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');

/**
 * Numbers as a reader checks them by hand: whole numbers whole, others to 2 decimals (82.80), and
 * below 1 to 4 significant digits so a price of 0.1265 or a share of 0.09091 keeps its meaning.
 * Thousands are grouped with a narrow space, so a comma always separates arguments (`min(12, 120)`).
 */
export function formatFormulaNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '−' : '';
  const size = Math.abs(value);
  let text: string;
  if (Number.isInteger(size)) text = grouped(String(size));
  else if (size >= 1 || Number(size.toFixed(2)) === size) {
    const [whole, fraction] = size.toFixed(2).split('.') as [string, string];
    text = `${grouped(whole)}.${fraction}`;
  } else text = String(Number(size.toPrecision(4)));
  return `${sign}${text}`;
}

export const formatFormulaValue = (value: FormulaValue): string =>
  value === null ? 'null' : typeof value === 'boolean' ? String(value) : formatFormulaNumber(value);

export function substituteFormula(formula: string, values: FormulaValues): FormulaPart[] {
  const parts: FormulaPart[] = [];
  let last = 0;
  for (const match of formula.matchAll(NAME)) {
    const name = match[0];
    if (!Object.hasOwn(values, name)) continue;
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: formula.slice(last, start) });
    parts.push({ kind: 'value', name, text: formatFormulaValue(values[name] as FormulaValue) });
    last = start + name.length;
  }
  if (last < formula.length) parts.push({ kind: 'text', text: formula.slice(last) });
  return parts;
}

/** Words of a unit column that name a unit by themselves (beside symbols and codes such as %, ×, USD, SHM). */
const UNIT_WORDS = new Set(['months', 'hours', 'days', 'years', 'nodes']);

/**
 * What follows a result's value, from the unit column: its first word when that is a unit ("SHM per
 * node per month" → SHM, "% per year" → %, "USD, the capital a node ties up" → USD, "months"); none
 * when the column describes rather than names one ("active periods a month", "boolean") or is empty.
 */
export function unitSuffix(unit: string | undefined): string {
  const first = unit?.trim().split(/[\s,;(]+/)[0] ?? '';
  if (first === '×') return '×';
  return /^(?:%|[A-Z]{2,})$/.test(first) || UNIT_WORDS.has(first) ? ` ${first}` : '';
}

/**
 * How the result follows the formula: ` = ` for an expression (`82.80 × 12 / 303.60 × 100 = 327.27 %`),
 * ` → ` for a condition (`86.21 ≠ null → false`, `… × t ≥ 100 000 → 64.63 months`), where `=` would misread.
 */
export const resultJoiner = (formula: string | undefined) => (formula && /[≥≤≠<>=]/.test(formula) ? ' → ' : ' = ');

/** A formula that is one name and nothing else (`netAPY` "with the input × 0.8"): its value alone would pass for the result's. */
export const isBareName = (formula: string | undefined) => !!formula && /^\s*[A-Za-z_][\w.]*\s*$/.test(formula);
