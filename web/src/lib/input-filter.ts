/** Input filtering (spec §5): fields are held as text; these keep only what a field accepts. */

export type NumericKind = 'integer' | 'decimal';

/** Digits only: node counts, stake, supply, months. */
export const keepDigits = (text: string) => text.replace(/\D/g, '');

/** Digits with at most one decimal point (the first one typed): reward, cost, price, money. */
export function keepDecimal(text: string): string {
  const cleaned = text.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  return dot === -1 ? cleaned : cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, '');
}

export const filterNumeric = (text: string, kind: NumericKind) =>
  kind === 'integer' ? keepDigits(text) : keepDecimal(text);

/** Text to number: an empty field (or a lone decimal point) counts as 0. */
export const textToNumber = (text: string) => {
  const trimmed = text.trim();
  return trimmed === '' || trimmed === '.' ? 0 : Number(trimmed);
};
