import type { EconomicsResults } from '@shm/contracts';
import { formatPercent, formatShm } from '../../../lib/format';
import { useMoney } from '../hooks/money-context';
import { MetricTile, toneOf } from './metric-tile';

/** 'Network Economics & Node Performance' (spec §2.3): six tiles. */
export function EconomicsGrid({ results }: { results: EconomicsResults }) {
  const money = useMoney();
  return (
    <section className="results-section" aria-labelledby="economics-grid-title">
      <h2 id="economics-grid-title" className="results-section__title">
        Network Economics &amp; Node Performance
      </h2>
      <div className="metric-grid">
        <MetricTile
          testId="tile-monthly-shm-rewards"
          field="monthlySHM"
          icon="pi-wallet"
          label="Monthly SHM Rewards"
          value={formatShm(results.monthlySHM)}
          subtitle={`${money.amount(results.monthlyUSD)} per active node`}
        />
        <MetricTile
          testId="tile-expected-active-time"
          field="expectedActiveTime"
          icon="pi-clock"
          label="Expected Active Time %"
          value={formatPercent(results.expectedActiveTime)}
          subtitle="Selection chance for rewards"
        />
        <MetricTile
          testId="tile-gross-apy"
          field="grossAPY"
          icon="pi-chart-line"
          label="Gross APY"
          value={formatPercent(results.grossAPY)}
          subtitle="SHM rewards only vs stake value"
          tone={toneOf(results.grossAPY)}
        />
        <MetricTile
          testId="tile-net-apy"
          field="netAPY"
          icon="pi-percentage"
          label="Net APY"
          value={formatPercent(results.netAPY)}
          subtitle="Profit after costs vs total capital"
          tone={toneOf(results.netAPY)}
        />
        <MetricTile
          testId="tile-annual-shm-issuance"
          field="yearlyIssuance"
          icon="pi-bolt"
          label="Annual SHM Issuance"
          value={formatShm(results.yearlyIssuance, 0)}
          subtitle="Total network rewards"
        />
        <MetricTile
          testId="tile-inflation-rate"
          field="inflationTotal"
          icon="pi-arrow-up-right"
          label="Inflation Rate"
          value={formatPercent(results.inflationTotal)}
          subtitle="Annual token supply increase"
        />
      </div>
    </section>
  );
}
