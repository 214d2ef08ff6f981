import type { EconomicsResults } from '@shm/contracts';
import { formatNumber, formatPercent, formatUsd } from '../../../lib/format';

/** Break-even in months, as the Overview states it (spec §2.6); null means the node never repays its stake. */
export const formatMonths = (months: number | null) => (months === null ? 'Never' : `${formatNumber(months, 1)} months`);

/** Spec §2.6 Overview 'current analysis': Gross APY, Net APY, Monthly USD, Break Even, from the results on screen. */
export function CurrentAnalysis({ results, isCalculating }: { results: EconomicsResults; isCalculating: boolean }) {
  const figures: { id: string; label: string; value: string; tone?: 'positive' | 'negative' }[] = [
    { id: 'gross-apy', label: 'Gross APY', value: formatPercent(results.grossAPY), tone: results.grossAPY > 0 ? 'positive' : 'negative' },
    { id: 'net-apy', label: 'Net APY', value: formatPercent(results.netAPY), tone: results.netAPY > 0 ? 'positive' : 'negative' },
    { id: 'monthly-usd', label: 'Monthly USD', value: formatUsd(results.monthlyUSD) },
    { id: 'break-even', label: 'Break Even', value: formatMonths(results.breakEven) },
  ];
  return (
    <section className="dashboard-panel" aria-labelledby="dashboard-analysis-title">
      <h3 id="dashboard-analysis-title" className="dashboard-panel__title">
        Current Analysis
      </h3>
      <div className={`summary-grid${isCalculating ? ' is-updating' : ''}`}>
        {figures.map(({ id, label, value, tone }) => (
          <div key={id} className={`summary-card dashboard-figure${tone ? ` dashboard-figure--${tone}` : ''}`} data-testid={`analysis-${id}`}>
            <p className="summary-card__label">{label}</p>
            <p className="summary-card__value" data-testid={`analysis-${id}-value`}>
              {value}
            </p>
          </div>
        ))}
      </div>
    </section>
  );
}
