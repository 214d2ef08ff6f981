import type { CalculatorParams, EconomicsResults } from '@shm/contracts';
import type { FigureTexts } from '../../../server/server-entry';
import { formatBreakEven, formatNumber, formatPercent, formatPrice, formatShm, formatUsd } from '../../lib/format';

/** One calculation as the calculator page shows it for a link: the parameters it ran with and the reply. */
export interface CalculatorFigures {
  params: CalculatorParams;
  results: EconomicsResults;
}

/**
 * The figures a shared link speaks of, written by the page's own formatters (web/src/lib/format.ts,
 * spec §4 and §9) so they read exactly as on the page. Money is in US dollars, the form's currency:
 * the display currency of a link (`cur`) needs the price feed's rates, which a crawler's request
 * does not wait for.
 */
export function figureTexts({ params, results }: CalculatorFigures): FigureTexts {
  const breakEven = formatBreakEven(results.breakEven);
  return {
    monthlyShm: formatShm(results.monthlySHM),
    monthlyUsd: formatUsd(results.monthlyUSD),
    grossApy: formatPercent(results.grossAPY),
    netApy: formatPercent(results.netAPY),
    grossApyPositive: results.grossAPY > 0,
    netApyPositive: results.netAPY > 0,
    breakEven,
    breakEvenPhrase: breakEven === 'Never' ? 'no break-even' : `break-even in ${breakEven}`,
    investment: formatUsd(params.investmentAmount),
    nodes: `${formatNumber(results.maxNodes, 0)} ${results.maxNodes === 1 ? 'node' : 'nodes'}`,
    stake: formatShm(params.shmStake, 0),
    shmPrice: formatPrice(params.shmPrice),
  };
}

/** One sentence with the figures, for a page description and the card's alt text. */
export function figuresSentence(figures: CalculatorFigures): string {
  const t = figureTexts(figures);
  return `${t.monthlyShm} (${t.monthlyUsd}) a month per active node, gross APY ${t.grossApy}, net APY ${t.netApy}, ${t.breakEvenPhrase}; ${t.investment} buys ${t.nodes}.`;
}
