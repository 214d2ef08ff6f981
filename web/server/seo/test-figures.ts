import type { FigureTexts } from '../server-entry';

/**
 * The figures of the calculator page's defaults as the page writes them (spec §3's defaults give
 * contracts' DEFAULT_ECONOMICS_RESULTS, worked out by hand): what the server render hands the card.
 */
export const DEFAULT_TEXTS: FigureTexts = {
  monthlyShm: '654.55 SHM',
  monthlyUsd: '$82.80',
  grossApy: '327.27%',
  netApy: '188.93%',
  grossApyPositive: true,
  netApyPositive: true,
  breakEven: '7 months',
  breakEvenPhrase: 'break-even in 7 months',
  investment: '$10,000.00',
  nodes: '32 nodes',
  stake: '2,400 SHM',
  shmPrice: '$0.1265',
};

export const figuresOf = (texts: Partial<FigureTexts> = {}): FigureTexts => ({ ...DEFAULT_TEXTS, ...texts });
