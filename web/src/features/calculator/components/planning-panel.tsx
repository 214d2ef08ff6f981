import type { CalculatorParams, EconomicsResults } from '@shm/contracts';
import { Tag } from 'primereact/tag';
import { formatNumber, formatPercent, formatShm, formatTimeToTarget } from '../../../lib/format';
import { useMoney } from '../hooks/money-context';
import { PLANNING_FIELDS, type ParamField } from '../utils/param-fields';
import { ParamInput } from './param-input';
import { SummaryCard } from './summary-card';
import { Breakdown } from './breakdown';

interface PlanningPanelProps {
  params: CalculatorParams;
  results: EconomicsResults;
  onParamChange: (field: ParamField, value: number) => void;
}

/** The Planning tab (spec §2.4): target planning from the economics results. Its trigger does not exist yet. */
export function PlanningPanel({ params, results, onParamChange }: PlanningPanelProps) {
  const { amount } = useMoney();
  const analysis: [string, string][] = [
    ['Required Investment', results.requiredMonthlyInvestment === null ? 'Not Achievable' : amount(results.requiredMonthlyInvestment)],
    ['Your Investment', amount(params.investmentAmount)],
    ['Price Appreciation %', formatPercent((results.priceAppreciationFactor - 1) * 100)],
    ['Staking Gains', amount(results.stakingGains)],
  ];

  return (
    <div className="planning-panel">
      <div className="input-grid input-grid--2">
        {PLANNING_FIELDS.map((spec) => (
          <ParamInput key={spec.field} spec={spec} value={params[spec.field]} onValidChange={onParamChange} />
        ))}
      </div>
      <div className="summary-grid summary-grid--3">
        <SummaryCard
          testId="planning-affordable-nodes"
          label="Affordable Nodes"
          value={formatNumber(results.maxNodes, 0)}
          note={`${formatShm(results.maxNodes * params.shmStake, 0)} stake required`}
        />
        <SummaryCard
          testId="planning-monthly-profit"
          label="Monthly Profit"
          value={amount(results.monthlyProfit * results.maxNodes)}
          note={`${amount(results.monthlyProfit)} per node`}
        />
        <SummaryCard
          testId="planning-time-to-target"
          label="Time to Target"
          value={formatTimeToTarget(results.timeToTarget)}
          badge={
            results.isTargetAchievable ? <Tag severity="success" value="Achievable" /> : <Tag severity="danger" value="Too Long" />
          }
          note={`Target ${amount(params.targetEarnings)} within ${params.targetTimeframe} months`}
        />
      </div>
      <Breakdown id="investment-analysis-title" title="Investment Analysis" items={analysis} />
    </div>
  );
}
