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
  /** Empty: no node linked. */
  nodePublicKey: string;
}

/** The calendar day of `now` where the visitor is, as YYYY-MM-DD (what a date input holds). */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A new entry: one node started today at the calculator's SHM price, nothing earned yet. */
export function newEntryValues(params: Pick<CalculatorParams, 'shmPrice'>, now: Date): PortfolioFormValues {
  return { label: '', nodeCount: '1', actualInvestment: '', shmPriceAtEntry: numberText(params.shmPrice), actualRewards: '0', entryDate: localDay(now), nodePublicKey: '' };
}

export function valuesFromEntry(entry: PortfolioEntry): PortfolioFormValues {
  return {
    label: entry.label ?? '',
    nodeCount: numberText(entry.nodeCount),
    actualInvestment: numberText(entry.actualInvestment),
    shmPriceAtEntry: numberText(entry.shmPriceAtEntry),
    actualRewards: numberText(entry.actualRewards),
    entryDate: entry.entryDate,
    nodePublicKey: entry.nodePublicKey ?? '',
  };
}

/** A key as typed or pasted: spaces around it dropped (the server checks the 64 hex characters). */
export const typedKey = (values: Pick<PortfolioFormValues, 'nodePublicKey'>) => values.nodePublicKey.trim();

/**
 * Empty numbers are 0 (spec §5). An empty label or key is left out of a new entry; an edit
 * (`editing`) sends the label empty and the key null, so removing them clears them (null unlinks).
 * A linked entry is one node, whatever the count field held.
 */
export function toPortfolioFields(values: PortfolioFormValues, { editing = false } = {}): PortfolioFields {
  const label = values.label.trim();
  const key = typedKey(values);
  return {
    nodeCount: key ? 1 : textToNumber(values.nodeCount),
    actualInvestment: textToNumber(values.actualInvestment),
    shmPriceAtEntry: textToNumber(values.shmPriceAtEntry),
    actualRewards: textToNumber(values.actualRewards),
    entryDate: values.entryDate,
    ...(label || editing ? { label } : {}),
    ...(key ? { nodePublicKey: key } : editing ? { nodePublicKey: null } : {}),
  };
}
