import type { CalculatorParams, PortfolioEntry, PortfolioFields } from '@shm/contracts';
import { textToNumber } from '../../../lib/input-filter';
import { numberText } from './number-text';

export interface PortfolioFormValues {
  label: string;
  nodeCount: string;
  actualInvestment: string;
  shmPriceAtEntry: string;
  actualRewards: string;
  entryDate: string;
}

/** The calendar day of `now` where the visitor is, as YYYY-MM-DD (what a date input holds). */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A new entry: one node started today at the calculator's SHM price, nothing earned yet. */
export function newEntryValues(params: Pick<CalculatorParams, 'shmPrice'>, now: Date): PortfolioFormValues {
  return { label: '', nodeCount: '1', actualInvestment: '', shmPriceAtEntry: numberText(params.shmPrice), actualRewards: '0', entryDate: localDay(now) };
}

export function valuesFromEntry(entry: PortfolioEntry): PortfolioFormValues {
  return {
    label: entry.label ?? '',
    nodeCount: numberText(entry.nodeCount),
    actualInvestment: numberText(entry.actualInvestment),
    shmPriceAtEntry: numberText(entry.shmPriceAtEntry),
    actualRewards: numberText(entry.actualRewards),
    entryDate: entry.entryDate,
  };
}

/** Empty numbers are 0 (spec §5); an empty label is left out, or sent empty when `clearLabel` (an edit). */
export function toPortfolioFields(values: PortfolioFormValues, { clearLabel = false } = {}): PortfolioFields {
  const label = values.label.trim();
  return {
    nodeCount: textToNumber(values.nodeCount),
    actualInvestment: textToNumber(values.actualInvestment),
    shmPriceAtEntry: textToNumber(values.shmPriceAtEntry),
    actualRewards: textToNumber(values.actualRewards),
    entryDate: values.entryDate,
    ...(label || clearLabel ? { label } : {}),
  };
}
