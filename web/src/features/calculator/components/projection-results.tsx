import type { ProjectionResults as Results } from '@shm/contracts';
import { formatFactor, formatNumber } from '../../../lib/format';
import { useMoney } from '../hooks/money-context';
import { SummaryCard } from './summary-card';
import { Breakdown } from './breakdown';

interface ProjectionResultsProps {
  results: Results;
  months: number;
  finalPrice: number;
}

/** The four result cards and the breakdown of the Projection tab (spec §2.4). */
export function ProjectionResults({ results, months, finalPrice }: ProjectionResultsProps) {
  const money = useMoney();
  const breakdown: [string, string][] = [
    ['Staking Gains', money.amount(results.stakingGains)],
    ['Price Factor (x)', formatFactor(results.priceAppreciationFactor)],
    ['Monthly Profit/Node', money.amount(results.monthlyProfitPerNode)],
    ['Final SHM Price', money.price(finalPrice)],
  ];

  return (
    <div className="projection-results" data-testid="projection-results">
      <div className="summary-grid">
        <SummaryCard testId="projection-nodes-affordable" label="Nodes Affordable" value={formatNumber(results.maxNodes, 0)} note="At the current stake and SHM price" />
        <SummaryCard testId="projection-monthly-earnings" label="Monthly Earnings" value={money.amount(results.totalMonthlyEarnings)} note="Average per month" />
        <SummaryCard
          testId="projection-total-after-period"
          label="Total After Period"
          value={money.amount(results.totalEarningsAfterMonths)}
          note={`After ${months} ${months === 1 ? 'month' : 'months'}`}
        />
        <SummaryCard testId="projection-final-value" label="Final Value" value={money.amount(results.totalValue)} note="Including staking gains" accent />
      </div>
      <Breakdown id="projection-breakdown-title" title="Projection Breakdown" items={breakdown} />
    </div>
  );
}
